import { describe, expect, it } from 'vitest'
import { routeFamily } from './route-family.mjs'

describe('routeFamily', () => {
  it('names the shop’s pages and endpoints', () => {
    expect(routeFamily('/')).toBe('home')
    expect(routeFamily('/all-bikes?page=2')).toBe('page:all-bikes')
    expect(routeFamily('/products/honda-cb650r')).toBe('page:products')
    expect(routeFamily('/category/motorcycles/naked')).toBe('page:category')
    expect(routeFamily('/api/checkout')).toBe('api:checkout')
    expect(routeFamily('/api/graphql')).toBe('api:graphql')
    expect(routeFamily('/api/products?limit=10')).toBe('api:rest')
    expect(routeFamily('/admin/collections/orders')).toBe('admin')
    expect(routeFamily('/_next/static/chunks/a.js')).toBe('static')
    expect(routeFamily('/delivery-and-returns')).toBe('page:content')
  })

  it('keeps to a fixed set whatever the path, so no request adds a series', () => {
    const families = new Set<string>()
    for (let i = 0; i < 500; i++) {
      families.add(routeFamily(`/x${i}`))
      families.add(routeFamily(`/api/x${i}/y`))
      families.add(routeFamily(`/API/X${i}`))
    }
    expect([...families].sort()).toEqual(['api:rest', 'page:content'])
  })
})
