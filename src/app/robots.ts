import type { MetadataRoute } from 'next'
import { env } from '../config/env'

export default function robots(): MetadataRoute.Robots {
  const site = env().SITE_URL
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/admin', '/api/', '/basket', '/checkout', '/account', '/orders', '/finance-checkout-'] }],
    sitemap: new URL('/sitemap.xml', site).toString(),
  }
}
