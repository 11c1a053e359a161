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
import { lockDocumentsToStaff } from './cms/access/locked-documents'
import { queryLimitsRule } from './cms/graphql/query-limits'
import { startGraphqlBudget, withGraphqlBudget } from './cms/graphql/time-budget'
import { withRecordIdCheck } from './cms/hooks/refuse-malformed-ids'
import { Brands } from './cms/collections/brands'
import { Categories } from './cms/collections/categories'
import { mediaCollection } from './cms/collections/media'
import { Pages } from './cms/collections/pages'
import { Posts } from './cms/collections/posts'
import { Products } from './cms/collections/products'
import { withUsedBikeFields } from './features/used-bikes/product-fields'
import { refuseUnpublishableUsedBike, setEapcVerdict } from './features/used-bikes/product-hooks'
import { Users } from './cms/collections/users'
import { Variants } from './cms/collections/variants'
import { Orders } from './features/orders/orders-collection'
import { Refunds } from './features/returns/refunds-collection'
import { Returns } from './features/returns/returns-collection'
import { reservationsCollection } from './features/reservations/reservations-collection'
import { afterReservationChange, enforceReservationChange, keepReservationChangesMadeMeanwhile } from './features/orders/reservation-staff-change'
import { Coupons } from './cms/collections/coupons'
import { PaymentEvents } from './cms/collections/payment-events'
import { TestGatewayPayments } from './cms/collections/test-gateway-payments'
import { ApiTokens } from './cms/collections/api-tokens'
import { LoginThrottles } from './cms/collections/login-throttles'
import { Lenders } from './cms/collections/lenders'
import { FinanceQuotes } from './cms/collections/finance-quotes'
import { PartExchangeValuations } from './cms/collections/part-exchange-valuations'
import { ServiceOptions } from './cms/collections/service-options'
import { Bookings } from './features/bookings/bookings-collection'
import { Deals } from './features/deals/deals-collection'
import { BookingDays } from './cms/collections/booking-days'
import { databaseAdapter, tuneDatabase } from './cms/database.server'
import { payloadEmailAdapter } from './adapters/email/email.server'
import { EMAIL_TEMPLATE, type EmailTemplate } from './cms/email-template'
import { emailBrand } from './features/emails/email-brand.server'
import { renderEmail } from './features/emails/render-email'
import { health } from './cms/endpoints/health'
import { recordNotFound } from './cms/endpoints/record-not-found'
import { recordSearchLog } from './features/search/search-log-endpoint'
import { internalRevalidate } from './cms/endpoints/internal-revalidate'
import { NotFoundPaths } from './cms/collections/not-found-paths'
import { SearchSynonyms } from './cms/collections/search-synonyms'
import { SearchLog } from './cms/collections/search-log'
import { revalidateAfterChange, revalidateAfterDelete } from './cms/hooks/revalidate-storefront'
import { SiteSettings } from './cms/globals/site-settings'
import { StockHolds } from './cms/collections/stock-holds'
import { isAdminUser } from './cms/access/roles'
import { adminOnly } from './cms/access/admin-only'
import { jobTasks } from './setup/jobs/tasks'
import { withJobsListInWords } from './features/jobs/jobs-list-in-words'
import { SavedBikes } from './features/account/saved-bikes-collection'
import { Invoices } from './features/invoices/invoices-collection'
import { forgotPasswordEndpoint, forgotPasswordMutations } from './features/account/password-reset-endpoints'
import { alertOnProductChange, alertOnVariantChange } from './features/account/saved-bike-hooks'
import { refreshOnLenderChange, refreshOnProductChange } from './features/finance-figures/monthly-figures.server'
import { recordPriceAfterChange, refuseUnchargedWasPrice } from './features/catalogue/price-history'
import { FEED_GLOBALS, FEED_SOURCES, rebuildFeedsAfterChange, rebuildFeedsAfterDelete, rebuildFeedsAfterGlobalChange } from './features/feeds/rebuild-feeds'
import { CatalogueChanges } from './features/catalogue-import/catalogue-changes-collection'
import { DataRequests } from './features/data-rights/data-requests-collection'
import { CatalogueImports } from './features/catalogue-import/catalogue-imports-collection'
import { DataExports } from './features/exports/data-exports-collection'
import type { CollectionConfig, GlobalConfig } from 'payload'
import { logger } from './lib/observe/logger.mjs'

/** A catalogue collection with a feature's afterChange hook added after its own (the root wires features in). */
function withAfterChange(collection: CollectionConfig, hook: NonNullable<NonNullable<CollectionConfig['hooks']>['afterChange']>[number]): CollectionConfig {
  return { ...collection, hooks: { ...collection.hooks, afterChange: [...(collection.hooks?.afterChange ?? []), hook] } }
}

/** A collection with a component added above its list (the root wires features' list tools in). */
function withBeforeList(collection: CollectionConfig, component: string): CollectionConfig {
  const components = collection.admin?.components
  return { ...collection, admin: { ...collection.admin, components: { ...components, beforeList: [...(components?.beforeList ?? []), component] } } }
}

function withAfterDelete(collection: CollectionConfig, hook: NonNullable<NonNullable<CollectionConfig['hooks']>['afterDelete']>[number]): CollectionConfig {
  return { ...collection, hooks: { ...collection.hooks, afterDelete: [...(collection.hooks?.afterDelete ?? []), hook] } }
}

/** What the sitemap and the Merchant feed list: a change to it queues their rebuild (features/feeds, ADR 042). */
function withFeedsRebuild(collection: CollectionConfig): CollectionConfig {
  return FEED_SOURCES.includes(collection.slug) ? withAfterDelete(withAfterChange(collection, rebuildFeedsAfterChange), rebuildFeedsAfterDelete) : collection
}

function withFeedsRebuildGlobal(global: GlobalConfig): GlobalConfig {
  return FEED_GLOBALS.includes(global.slug) ? { ...global, hooks: { ...global.hooks, afterChange: [...(global.hooks?.afterChange ?? []), rebuildFeedsAfterGlobalChange] } } : global
}

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
    components: {
      afterNavLinks: ['/features/deals/admin/deal-hub-nav-link#DealHubNavLink', '/features/bookings/admin/workshop-nav-link#WorkshopNavLink', '/email-previews/email-previews-nav-link#EmailPreviewsNavLink'],
      // The shop's figures and to-do list above the collections (features/dashboard, ADR 054).
      beforeDashboard: ['/features/dashboard/admin/shop-dashboard#ShopDashboard'],
      views: {
        workshop: { Component: '/features/bookings/admin/workshop-day-view#WorkshopDayView', path: '/workshop' },
        // Deals by stage, those past their next action first (features/deals).
        dealHub: { Component: '/features/deals/admin/deal-hub-view#DealHubView', path: '/deal-hub' },
        // Every customer email with sample data, in the shop's brand (src/email-previews).
        emailPreviews: { Component: '/email-previews/email-previews-view#EmailPreviewsView', path: '/email-previews' },
      },
    },
  },
  collections: [
    // The catalogue and the orders export to CSV from their lists (features/exports, ADR 055).
    // A was-price never charged is refused, and every headline price is recorded as saved (ADR 075).
    withBeforeList(withAfterChange(withAfterChange(withAfterChange(withUsedBikeFields(Products, [setEapcVerdict, refuseUnpublishableUsedBike, refuseUnchargedWasPrice]), recordPriceAfterChange), alertOnProductChange as never), refreshOnProductChange as never), '/features/exports/admin/export-forms#CatalogueExportButton'),
    withAfterChange(Variants, alertOnVariantChange as never),
    Categories,
    Brands,
    mediaCollection(config.mediaDir, config.MEDIA_AVIF_EFFORT),
    Pages,
    Posts,
    withBeforeList(Orders, '/features/exports/admin/export-forms#OrdersExportForm'),
    withBeforeList(Returns, '/features/exports/admin/export-forms#ReturnsExportForm'),
    Refunds,
    reservationsCollection({ beforeChange: [enforceReservationChange, keepReservationChangesMadeMeanwhile], afterChange: afterReservationChange }),
    Deals,
    StockHolds,
    Coupons,
    PaymentEvents,
    TestGatewayPayments,
    withAfterDelete(withAfterChange(Lenders, refreshOnLenderChange as never), refreshOnLenderChange as never),
    FinanceQuotes,
    PartExchangeValuations,
    ServiceOptions,
    Bookings,
    BookingDays,
    // The shop's own forgot-password door in place of Payload's (features/account/password-reset-endpoints.ts).
    { ...Users, endpoints: [forgotPasswordEndpoint, ...((Users.endpoints || []) as never[])] },
    ApiTokens,
    LoginThrottles,
    NotFoundPaths,
    SavedBikes,
    withBeforeList(Invoices, '/features/exports/admin/export-forms#InvoicesExportForm'),
    SearchSynonyms,
    SearchLog,
    CatalogueImports,
    CatalogueChanges,
    DataRequests,
    DataExports,
  ]
    .map(withRecordIdCheck)
    .map(withGraphqlBudget)
    .map(withFeedsRebuild),
  globals: [SiteSettings].map(withFeedsRebuildGlobal),
  // Background work (ADR 007): run only by the shop's one runner (src/setup/jobs/runner.server.ts), never by
  // a cron in every instance; nobody queues or runs jobs over HTTP.
  jobs: {
    tasks: jobTasks,
    deleteJobOnComplete: false,
    access: { queue: () => false, run: () => false, cancel: ({ req }) => isAdminUser(req.user) },
    // Staff read the list in words: kind, state and tries, last error, times (features/jobs/jobs-list-in-words.ts).
    jobsCollectionOverrides: ({ defaultJobsCollection }) =>
      withJobsListInWords({
        ...defaultJobsCollection,
        admin: { ...defaultJobsCollection.admin, hidden: false, group: 'System' },
        access: { read: staffOnly, create: () => false, update: () => false, delete: adminOnly },
      }),
  },
  editor: lexicalEditor(),
  db: databaseAdapter(config.database),
  sharp,
  email: payloadEmailAdapter(config),
  // The shop's one email template, for the account emails the cms layer builds and sends (cms/email-template.ts).
  custom: { [EMAIL_TEMPLATE]: { brand: (payload) => emailBrand(payload), render: renderEmail } satisfies EmailTemplate },
  endpoints: [health, recordNotFound, recordSearchLog, internalRevalidate],
  // Complexity and depth limits; cyclic fragments are refused before Payload's complexity rule walks them.
  graphQL: {
    schemaOutputFile: path.resolve(dirname, 'generated-schema.graphql'),
    maxComplexity: 1000,
    mutations: forgotPasswordMutations,
    // The shape limits of ADR 021 (also refused earlier by src/proxy.ts) and the time budget of each request.
    validationRules: (args) => {
      startGraphqlBudget(args.contextValue)
      return [queryLimitsRule(args.variableValues)]
    },
  },
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts') },
  telemetry: false,
  // The process's one logger (src/lib/observe/logger.mjs): one JSON format with server.mjs, and the request id on every line.
  logger: logger(),
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
}).then(lockDocumentsToStaff)
