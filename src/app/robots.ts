import type { MetadataRoute } from 'next'
import { env } from '../config/env'
import { paths } from '../config/paths'

export default function robots(): MetadataRoute.Robots {
  const site = env().SITE_URL
  return {
    // Product pictures are under /api/ but must stay crawlable: Google Merchant Center fetches each feed item's
    // image_link as a crawler that obeys robots.txt (the longer Allow wins over Disallow: /api/).
    rules: [{ userAgent: '*', allow: ['/', '/api/media/file/'], disallow: ['/admin', '/api/', '/basket', '/checkout', '/account', '/orders', '/finance-checkout-'] }],
    // The sitemap index; it lists the files that hold the URLs (src/app/sitemap.xml).
    sitemap: new URL(paths.sitemapIndex(), site).toString(),
  }
}
