// The category tree and the brands as listings read them: every listing, its facets, the search box and the category
// and brand pages look a scope up here. Read through access rules (overrideAccess: false), once per process until
// the catalogue changes.
import 'server-only'
import { payloadClient } from '../../cms/payload-client.server'
import type { ProductKind } from '../../domain/catalogue/product-kind'
import { catalogueMemo } from '../../cms/catalogue-memo.server'

export interface CategoryInfo {
  id: number
  name: string
  slug: string
  path: string
  kind: ProductKind
  parentId: number | null
  description: string | null
}

export interface BrandInfo {
  id: number
  name: string
  slug: string
  description: string | null
}

/** The category tree, as every listing and its facets need it: read once per process until the catalogue changes. */
export function allCategories(): Promise<CategoryInfo[]> {
  return catalogueMemo('listing-categories', async () => {
    const payload = await payloadClient()
    const result = await payload.find({
      collection: 'categories',
      sort: ['position', 'name'],
      pagination: false,
      depth: 0,
      select: { name: true, slug: true, path: true, kind: true, parent: true, description: true },
      overrideAccess: false,
    })
    return result.docs.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      path: c.path ?? c.slug,
      kind: c.kind,
      parentId: typeof c.parent === 'object' && c.parent ? c.parent.id : (c.parent ?? null),
      description: c.description ?? null,
    }))
  })
}

/** The brands, likewise. */
export function allBrands(): Promise<BrandInfo[]> {
  return catalogueMemo('listing-brands', async () => {
    const payload = await payloadClient()
    const result = await payload.find({
      collection: 'brands',
      sort: 'name',
      pagination: false,
      depth: 0,
      select: { name: true, slug: true, description: true },
      overrideAccess: false,
    })
    return result.docs.map((b) => ({ id: b.id, name: b.name, slug: b.slug, description: b.description ?? null }))
  })
}

export async function categoryByPath(path: string): Promise<CategoryInfo | null> {
  const wanted = path.toLowerCase()
  return (await allCategories()).find((c) => c.path === wanted) ?? null
}

export async function brandBySlug(slug: string): Promise<BrandInfo | null> {
  const wanted = slug.toLowerCase()
  return (await allBrands()).find((b) => b.slug === wanted) ?? null
}

/** A category and every category below it. */
export function withDescendants(categories: CategoryInfo[], path: string): number[] {
  return categories.filter((c) => c.path === path || c.path.startsWith(`${path}/`)).map((c) => c.id)
}

/** The ancestors of a category, top first, ending with the category itself. */
export function categoryTrail(categories: CategoryInfo[], category: CategoryInfo): CategoryInfo[] {
  const segments = category.path.split('/')
  return segments.flatMap((_, i) => categories.find((c) => c.path === segments.slice(0, i + 1).join('/')) ?? [])
}
