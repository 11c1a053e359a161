import type { MetadataRoute } from 'next'

export default function robots(): MetadataRoute.Robots {
  const site = process.env.SITE_URL ?? 'http://localhost:3000'
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/admin', '/api/', '/basket', '/checkout', '/account', '/orders', '/finance-checkout-'] }],
    sitemap: new URL('/sitemap.xml', site).toString(),
  }
}
