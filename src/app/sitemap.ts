import type { MetadataRoute } from 'next'
import { payloadClient } from '../cms/payload-client.server'
import { paths } from '../config/paths'
import { env } from '../config/env'

// Regenerated at most hourly, and whenever staff change content (see revalidate-storefront).
export const revalidate = 3600

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const site = env().SITE_URL
  const abs = (p: string) => new URL(p, site).toString()
  const payload = await payloadClient()
  const common = { depth: 0, limit: 5000, pagination: false, overrideAccess: false } as const
  const [products, categories, brands, pages, posts] = await Promise.all([
    payload.find({ collection: 'products', ...common, select: { slug: true, updatedAt: true } }),
    payload.find({ collection: 'categories', ...common, select: { path: true, updatedAt: true } }),
    payload.find({ collection: 'brands', ...common, select: { slug: true, updatedAt: true } }),
    payload.find({ collection: 'pages', ...common, select: { slug: true, updatedAt: true } }),
    payload.find({ collection: 'posts', ...common, select: { slug: true, updatedAt: true } }),
  ])
  return [
    { url: abs('/'), changeFrequency: 'daily', priority: 1 },
    { url: abs(paths.allBikes()), changeFrequency: 'daily', priority: 0.9 },
    { url: abs(paths.blog()), changeFrequency: 'weekly', priority: 0.5 },
    ...products.docs.map((d) => ({ url: abs(paths.product(d.slug)), lastModified: d.updatedAt, priority: 0.8 })),
    ...categories.docs.filter((d) => d.path).map((d) => ({ url: abs(paths.category(d.path!)), lastModified: d.updatedAt, priority: 0.7 })),
    ...brands.docs.map((d) => ({ url: abs(paths.brand(d.slug)), lastModified: d.updatedAt, priority: 0.6 })),
    ...pages.docs.map((d) => ({ url: abs(paths.page(d.slug)), lastModified: d.updatedAt, priority: 0.4 })),
    ...posts.docs.map((d) => ({ url: abs(paths.post(d.slug)), lastModified: d.updatedAt, priority: 0.5 })),
  ]
}
