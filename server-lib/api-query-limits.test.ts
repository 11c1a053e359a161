import { describe, expect, it } from 'vitest'
import { apiQueryRefusal } from './api-query-limits.mjs'

const get = (url: string, headers: Record<string, string> = {}) => apiQueryRefusal({ method: 'GET', url, headers })

describe('anonymous REST query bounds', () => {
  it('lets the storefront’s and tests’ ordinary reads through', () => {
    expect(get('/api/products?where[slug][equals]=abus-bordo-6000&depth=0&limit=1')).toBeNull()
    expect(get('/api/variants?where[product][equals]=4&limit=50&depth=0')).toBeNull()
    expect(get('/api/products')).toBeNull()
    expect(get('/api/users/me')).toBeNull()
  })

  it('refuses what would read or populate the whole catalogue', () => {
    expect(get('/api/products?limit=100000')).toMatchObject({ status: 400, error: 'invalid_request' })
    expect(get('/api/products?limit=0')).toMatchObject({ status: 400 })
    expect(get('/api/products?limit=-1')).toMatchObject({ status: 400 })
    expect(get('/api/products?depth=10')).toMatchObject({ status: 400 })
    expect(get('/api/products?pagination=false')).toMatchObject({ status: 400 })
    expect(get(`/api/products?${'where[or][0][and][0]'.repeat(13)}[name][like]=a`)).toMatchObject({ status: 400 })
    expect(get(`/api/products?where[name][like]=${'a'.repeat(5000)}`)).toMatchObject({ status: 414 })
  })

  it('leaves signed-in staff, GraphQL, writes and pages to their own rules', () => {
    expect(get('/api/products?limit=1000&depth=5', { cookie: 'a=b; payload-token=x' })).toBeNull()
    expect(get('/api/products?pagination=false', { authorization: 'users API-Key abc' })).toBeNull()
    expect(get('/api/graphql?query={x}&limit=5000')).toBeNull()
    expect(apiQueryRefusal({ method: 'POST', url: '/api/products?limit=1000', headers: {} })).toBeNull()
    expect(get('/all-bikes?limit=1000')).toBeNull()
  })
})
