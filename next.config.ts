import { withPayload } from '@payloadcms/next/withPayload'
import { spawnSync } from 'node:child_process'
import type { NextConfig } from 'next'

// The release a build is (GET /api/health answers it): the commit it was built from (RELEASE_COMMIT in an image built
// without .git, else git's own), then when, so two builds of one commit are told apart.
function releaseId(): string {
  const commit = process.env.RELEASE_COMMIT?.trim() || spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).stdout?.trim() || 'unknown'
  return `${commit.replace(/[^A-Za-z0-9]/g, '').slice(0, 40) || 'unknown'}-${Date.now().toString(36)}`
}

// Security headers for every response; nothing is ever loaded from another origin. Next's hydration needs
// inline scripts: the production server (server.mjs) replaces 'unsafe-inline' in script-src with the hashes
// of the inline scripts of each HTML document it sends (ADR 012); only `next dev` sends it as written.
// The Stripe card page (/checkout/pay/…) alone may load Stripe.js and its frames (Stripe's documented CSP).
const stripe = { script: ' https://js.stripe.com https://*.js.stripe.com', frame: 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com', connect: ' https://api.stripe.com' }
const cspFor = (withStripe: boolean) => [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'" +
    (process.env.NODE_ENV === 'development' ? " 'unsafe-eval'" : '') +
    (process.env.GTM_ID ? ' https://www.googletagmanager.com' : '') +
    (withStripe ? stripe.script : ''),
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'" + (process.env.GTM_ID ? ' https://www.google-analytics.com https://*.google-analytics.com' : '') + (withStripe ? stripe.connect : ''),
  ...(withStripe ? [`frame-src ${stripe.frame}`] : []),
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "worker-src 'self'",
  "manifest-src 'self'",
].join('; ')
const csp = cspFor(false)

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // server.mjs compresses what Next sends, once its documents are final (server-lib/compression.mjs).
  compress: false,
  generateBuildId: releaseId,
  reactStrictMode: true,
  experimental: {
    // Fewer, larger first-load chunks (ADR 018): a storefront page asked for 11 scripts, most of them a few hundred
    // bytes to 4 KB of framework code, and every request costs a round trip on an HTTP/1.1 connection. These settings
    // merge small chunks (sizes are raw bytes before minifying) without merging the late islands or the basket codec,
    // which stay their own lazily loaded chunks. Measured with `npm run bench:bundle` and `npm run bench:lighthouse`.
    turbopackChunking: { maxChunkCountPerGroup: 2, minChunkSize: 400_000, requestCost: 1_000_000 },
    // Next's data cache (unstable_cache entries) and regenerated pages are kept in memory only, not also written
    // under .next/cache. Written, every uncached listing or search wrote its entries to disk, a few ms of each
    // request at 100,000 variants; and a restarted process read entries an earlier one had made stale, because tag
    // staleness is kept in memory (docs/perf-log.md, session 17). Pages prerendered by the build are still read from disk.
    isrFlushToDisk: false,
  },
  // Loaded once by Node from node_modules, not bundled (ADR 032). Turbopack's server build puts a package's modules
  // in a chunk per group of route entries and does not share it: bundled, Payload's core and the database adapters
  // were loaded and instantiated again by every route group that reached them (14 copies of a 4 MB chunk, about
  // 150 MB of a 320 MB heap, whatever the catalogue's size). External, there is one copy, in Node's module cache.
  // The password checker's dictionaries (zxcvbn, 1.7 MB, reached through the users collection) likewise.
  serverExternalPackages: ['payload', 'pdfkit', '@payloadcms/db-postgres', '@payloadcms/db-sqlite', '@payloadcms/drizzle', '@payloadcms/graphql', 'drizzle-orm', 'pg', '@libsql/client', 'libsql', 'jose', '@zxcvbn-ts/core', '@zxcvbn-ts/language-common', '@zxcvbn-ts/language-en', '@sentry/node'],

  typescript: { ignoreBuildErrors: true }, // `npm test` type-checks once; the build need not do it again
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(self)' },
        ],
      },
      { source: '/:path((?!checkout/pay/).*)', headers: [{ key: 'Content-Security-Policy', value: csp }] },
      { source: '/checkout/pay/:path*', headers: [{ key: 'Content-Security-Policy', value: cspFor(true) }] },
    ]
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
