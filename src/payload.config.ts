// Payload CMS: collections, globals, plugins and the database, chosen from the validated environment.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { redirectsPlugin } from '@payloadcms/plugin-redirects'
import { seoPlugin } from '@payloadcms/plugin-seo'
import { buildConfig } from 'payload'
import sharp from 'sharp'
import { env } from './config/env'
import { payloadSecret } from './config/secrets.server'
import { staffOnly } from './cms/access/staff-only'
import { Brands } from './cms/collections/brands'
import { Categories } from './cms/collections/categories'
import { mediaCollection } from './cms/collections/media'
import { Pages } from './cms/collections/pages'
import { Posts } from './cms/collections/posts'
import { Products } from './cms/collections/products'
import { Users } from './cms/collections/users'
import { Variants } from './cms/collections/variants'
import { Orders } from './cms/collections/orders'
import { Coupons } from './cms/collections/coupons'
import { PaymentEvents } from './cms/collections/payment-events'
import { TestGatewayPayments } from './cms/collections/test-gateway-payments'
import { ApiTokens } from './cms/collections/api-tokens'
import { LoginThrottles } from './cms/collections/login-throttles'
import { Lenders } from './cms/collections/lenders'
import { FinanceQuotes } from './cms/collections/finance-quotes'
import { databaseAdapter, tuneDatabase } from './cms/database.server'
import { payloadEmailAdapter } from './adapters/email/email.server'
import { health } from './cms/endpoints/health'
import { recordNotFound } from './cms/endpoints/record-not-found'
import { NotFoundPaths } from './cms/collections/not-found-paths'
import { revalidateAfterChange, revalidateAfterDelete } from './cms/hooks/revalidate-storefront'
import { SiteSettings } from './cms/globals/site-settings'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const config = env()

export default buildConfig({
  secret: payloadSecret(config.PAYLOAD_SECRET),
  // Cookie-authenticated requests are honoured only from the shop's own origin (CSRF; ADR 006).
  csrf: [new URL(config.SITE_URL).origin],
  admin: {
    user: Users.slug,
    importMap: { baseDir: dirname },
    avatar: 'default', // not Gravatar: no staff email hash leaves the shop, and the CSP would block it anyway
    meta: { titleSuffix: ' · Wheelhouse admin' },
  },
  collections: [
    Products,
    Variants,
    Categories,
    Brands,
    mediaCollection(config.mediaDir),
    Pages,
    Posts,
    Orders,
    Coupons,
    PaymentEvents,
    TestGatewayPayments,
    Lenders,
    FinanceQuotes,
    Users,
    ApiTokens,
    LoginThrottles,
    NotFoundPaths,
  ],
  globals: [SiteSettings],
  editor: lexicalEditor(),
  db: databaseAdapter(config.database),
  sharp,
  email: payloadEmailAdapter(config),
  endpoints: [health, recordNotFound],
  graphQL: { schemaOutputFile: path.resolve(dirname, 'generated-schema.graphql'), maxComplexity: 1000 },
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts') },
  telemetry: false,
  logger: { options: { level: config.LOG_LEVEL, base: { service: 'wheelhouse' } } },
  onInit: tuneDatabase,
  plugins: [
    redirectsPlugin({
      collections: ['pages', 'products', 'posts'],
      redirectTypes: ['301', '302', '307', '308'],
      overrides: {
        admin: { group: 'Content' },
        access: { read: staffOnly, create: staffOnly, update: staffOnly, delete: staffOnly },
        hooks: { afterChange: [revalidateAfterChange], afterDelete: [revalidateAfterDelete] },
      },
    }),
    seoPlugin({
      collections: ['pages', 'posts', 'products'],
      uploadsCollection: 'media',
      tabbedUI: false,
      generateTitle: ({ doc }) => `${(doc as { title?: string; name?: string }).title ?? (doc as { name?: string }).name ?? ''} | Wheelhouse`,
    }),
  ],
})
