// Background work that must survive a crash and run once: stored in Payload's jobs queue (ADR 007) and
// run by the one runner of the shop (runner.server.ts beside this file). Handlers are idempotent, so a job that a killed
// process had started and that runs again changes nothing twice.
// Each handler imports its feature when it first runs: the Payload config imports this file, also outside Next (its
// CLI), and the features' server-only modules must stay out of the config's static imports.
import type { TaskConfig } from 'payload'

import { BACKUP_SHOP, DELIVER_GATEWAY_WEBHOOK, RUN_CATALOGUE_IMPORT, SEND_ORDER_CONFIRMATION, SEND_PASSWORD_RESET, SEND_RESERVATION_EMAIL, SEND_SAVED_BIKE_ALERTS, REFRESH_MONTHLY_FIGURES, REBUILD_FEEDS, ISSUE_INVOICE, ERASE_CUSTOMER_DATA, RUN_DATA_EXPORT, SEND_REFUND, SEND_RETURN_EMAIL, ISSUE_CREDIT_NOTE, CREATE_EXCHANGE_ORDER, SEND_DEAL_EMAIL } from '../../features/jobs/task-names'

export const jobTasks: TaskConfig[] = [
  {
    slug: DELIVER_GATEWAY_WEBHOOK,
    label: 'Deliver a test gateway webhook',
    inputSchema: [
      { name: 'sessionId', type: 'text', required: true },
      { name: 'eventId', type: 'text', required: true },
      { name: 'type', type: 'text', required: true },
      { name: 'amountPence', type: 'number' },
      { name: 'failureMessage', type: 'text' },
    ],
    outputSchema: [{ name: 'result', type: 'text' }],
    // The gateway posts to this same shop, so a failure means the shop was stopping or overloaded: retry
    // every few seconds for a few minutes rather than backing off for hours (the hold expiry, which asks
    // the gateway first, is the backstop after that).
    retries: { attempts: 60, backoff: { type: 'fixed', delay: 3000 } },
    handler: async ({ input, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { testGateway } = await import('../../features/payments/providers.server')
      const delivery = input as { sessionId: string; eventId: string; type: 'payment.succeeded' | 'payment.failed' | 'payment.refunded'; amountPence?: number | null; failureMessage?: string | null }
      const result = await testGateway(req.payload).deliverQueued({
        sessionId: delivery.sessionId,
        eventId: delivery.eventId,
        type: delivery.type,
        amountPence: delivery.amountPence ?? undefined,
        failureMessage: delivery.failureMessage ?? undefined,
      })
      return { output: { result } }
    },
  },
  {
    slug: SEND_ORDER_CONFIRMATION,
    // The slug (a PostgreSQL enum value) predates the status emails; `status` picks which email this job sends.
    label: 'Send an order email (its confirmation, or the status staff moved it to)',
    inputSchema: [
      { name: 'orderId', type: 'number', required: true },
      { name: 'status', type: 'text' },
    ],
    outputSchema: [{ name: 'result', type: 'text' }],
    retries: { attempts: 10, backoff: { type: 'exponential', delay: 2000 } },
    handler: async ({ input, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { sendOrderConfirmation, sendOrderStatusEmail, sendCertificateEmail } = await import('../../features/orders/confirmation-email.server')
      const { isNotifiedStatus } = await import('../../features/orders/status-email')
      const { isCertificateEmailKind } = await import('../../features/orders/certificate-email')
      const job = input as { orderId: number; status?: string | null }
      const certificate = job.status?.startsWith('certificate_') ? job.status.slice('certificate_'.length) : null
      if (job.status == null) await sendOrderConfirmation(req.payload, Number(job.orderId))
      else if (isNotifiedStatus(job.status)) await sendOrderStatusEmail(req.payload, Number(job.orderId), job.status)
      else if (isCertificateEmailKind(certificate)) await sendCertificateEmail(req.payload, Number(job.orderId), certificate)
      else throw new Error(`no order email for the status ${job.status}`)
      return { output: { result: 'sent' } }
    },
  },
  {
    slug: SEND_RESERVATION_EMAIL,
    label: 'Send a reservation email',
    inputSchema: [
      { name: 'reservationId', type: 'number', required: true },
      { name: 'kind', type: 'text', required: true },
    ],
    outputSchema: [{ name: 'result', type: 'text' }],
    retries: { attempts: 10, backoff: { type: 'exponential', delay: 2000 } },
    handler: async ({ input, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { sendReservationEmailNow } = await import('../../features/reservations/reservation-email.server')
      const job = input as { reservationId: number; kind: 'confirmed' | 'cancelled' | 'expired' | 'released' | 'converted' | 'refunded' }
      await sendReservationEmailNow(req.payload, Number(job.reservationId), job.kind)
      return { output: { result: 'sent' } }
    },
  },
  {
    slug: SEND_SAVED_BIKE_ALERTS,
    label: 'Email customers about a saved bike (price drop or back in stock)',
    inputSchema: [
      { name: 'productId', type: 'number', required: true },
      { name: 'kind', type: 'text', required: true },
      { name: 'key', type: 'text', required: true },
    ],
    outputSchema: [{ name: 'result', type: 'text' }],
    retries: { attempts: 10, backoff: { type: 'exponential', delay: 2000 } },
    handler: async ({ input, req }) => {
      // Loaded when run: the sender and the SQL seam are server modules that collection config must not pull in.
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { sendSavedBikeAlerts } = await import('../../features/account/saved-bikes.server')
      const job = input as { productId: number; kind: 'price-drop' | 'back-in-stock'; key: string }
      const sent = await sendSavedBikeAlerts(req.payload, { productId: Number(job.productId), kind: job.kind, key: job.key })
      return { output: { result: `${sent} sent` } }
    },
  },
  {
    slug: SEND_PASSWORD_RESET,
    label: 'Send a password reset link (if the address has an account)',
    inputSchema: [{ name: 'email', type: 'text', required: true }],
    outputSchema: [{ name: 'result', type: 'text' }],
    retries: { attempts: 5, backoff: { type: 'exponential', delay: 2000 } },
    handler: async ({ input, req }) => {
      // Every request is queued, for an address with an account or not, so the answer never tells which; here
      // Payload looks the address up, stores the token and sends the email (at most one per address in 15 s).
      const token = await req.payload.forgotPassword({ collection: 'users', data: { email: String((input as { email: string }).email) } })
      return { output: { result: token ? 'sent' : 'no email (no such account, or one sent in the last 15 seconds)' } }
    },
  },
  {
    slug: BACKUP_SHOP,
    label: 'Back up the shop (database, media, secrets)',
    inputSchema: [],
    outputSchema: [{ name: 'archive', type: 'text' }],
    // A failed backup (disk full, pg_dump missing) is tried again a few times, then shows as failed under System › Jobs.
    retries: { attempts: 3, backoff: { type: 'fixed', delay: 60_000 } },
    handler: async () => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { runBackup } = await import('./backups.server')
      return { output: { archive: await runBackup() } }
    },
  },
  {
    slug: RUN_CATALOGUE_IMPORT,
    label: 'Import a stock feed (catalogue import)',
    inputSchema: [{ name: 'importId', type: 'number', required: true }],
    outputSchema: [{ name: 'result', type: 'text' }],
    // Each batch commits with its progress marker, so a retry (or a restart) carries on after the last batch.
    retries: { attempts: 5, backoff: { type: 'exponential', delay: 5000 } },
    handler: async ({ input, job, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { runCatalogueImport } = await import('../../features/catalogue-import/import-job.server')
      const result = await runCatalogueImport(req.payload, Number((input as { importId: number }).importId), { jobId: job.id })
      return { output: { result: `${result.status}: ${result.done} of ${result.total} rows` } }
    },
  },
  {
    slug: RUN_DATA_EXPORT,
    label: 'Make a CSV export (orders or the catalogue)',
    inputSchema: [{ name: 'exportId', type: 'number', required: true }],
    outputSchema: [{ name: 'result', type: 'text' }],
    // A retry makes the file afresh: an export changes nothing but its own record (ADR 055).
    retries: { attempts: 3, backoff: { type: 'exponential', delay: 5000 } },
    handler: async ({ input, job, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { runDataExport } = await import('../../features/exports/export-job.server')
      const { exportFeedRows } = await import('../../features/catalogue-import/export-feed.server')
      const result = await runDataExport(req.payload, Number((input as { exportId: number }).exportId), { catalogueRows: exportFeedRows, jobId: job.id })
      return { output: { result: `${result.status}: ${result.done} rows` } }
    },
  },
  {
    slug: REFRESH_MONTHLY_FIGURES,
    label: 'Refresh the monthly figures on listing cards (prices, rates, lenders or promotions changed)',
    // productIds: the products to quote again, as JSON ("[1,2]"); "all" after a change of lenders or rates.
    inputSchema: [{ name: 'productIds', type: 'text', required: true }],
    outputSchema: [{ name: 'result', type: 'text' }],
    retries: { attempts: 5, backoff: { type: 'exponential', delay: 5000 } },
    handler: async ({ input, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { refreshMonthlyFigures } = await import('../../features/finance/monthly-figure-refresh')
      const result = await refreshMonthlyFigures(req.payload, String((input as { productIds: string }).productIds))
      return { output: { result: `${result.stored} stored, ${result.removed} removed` } }
    },
  },
  {
    slug: REBUILD_FEEDS,
    label: 'Build the sitemap and the Google Merchant feed again (the catalogue changed)',
    // changedAt: the time of the last change the job stands for (features/jobs/queue.server.ts, queueSettled).
    inputSchema: [{ name: 'changedAt', type: 'text' }],
    outputSchema: [{ name: 'result', type: 'text' }],
    // A build writes a new folder and publishes it whole, so a failed try leaves the last good build served.
    retries: { attempts: 5, backoff: { type: 'exponential', delay: 10_000 } },
    handler: async ({ input, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { rebuildFeedsFor } = await import('../../features/feeds/stored-feeds.server')
      const built = await rebuildFeedsFor(req.payload, (input as { changedAt?: string | null }).changedAt)
      return { output: { result: built ? `${built.generation}: ${built.sitemapFiles} sitemap files` : 'skipped: built since the last change' } }
    },
  },
  {
    slug: ISSUE_INVOICE,
    label: 'Issue a paid order’s invoice (once; ADR 049)',
    inputSchema: [{ name: 'orderId', type: 'number', required: true }],
    outputSchema: [{ name: 'result', type: 'text' }],
    retries: { attempts: 10, backoff: { type: 'exponential', delay: 2000 } },
    handler: async ({ input, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { issueInvoice } = await import('../../features/invoices/issue-invoice.server')
      const issued = await issueInvoice(req.payload, Number((input as { orderId: number }).orderId))
      return { output: { result: issued.ok ? `${issued.created ? 'issued' : 'already issued'} ${issued.invoice.number}` : `not issued: ${issued.reason}` } }
    },
  },
  {
    slug: ERASE_CUSTOMER_DATA,
    label: 'Erase a customer’s personal data (a data request)',
    inputSchema: [{ name: 'requestId', type: 'number', required: true }],
    outputSchema: [{ name: 'result', type: 'text' }],
    // Each step can run again with the same result and the account goes last, so a retry finishes what a try began.
    retries: { attempts: 10, backoff: { type: 'exponential', delay: 5000 } },
    handler: async ({ input, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { runErasure } = await import('../../features/data-rights/erase.server')
      return { output: { result: await runErasure(req.payload, Number((input as { requestId: number }).requestId)) } }
    },
  },
  {
    slug: SEND_REFUND,
    label: 'Send a refund through the payment provider and record it',
    inputSchema: [{ name: 'key', type: 'text', required: true }],
    outputSchema: [{ name: 'result', type: 'text' }],
    // The provider dedupes on the refund's key, so a retry (or a run after a crash) never refunds twice.
    retries: { attempts: 20, backoff: { type: 'exponential', delay: 5000 } },
    handler: async ({ input, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { sendRefund } = await import('../../features/returns/refunds.server')
      return { output: { result: await sendRefund(req.payload, String((input as { key: string }).key)) } }
    },
  },
  {
    slug: SEND_RETURN_EMAIL,
    label: 'Email a customer a step of their return or cancellation',
    inputSchema: [
      { name: 'returnId', type: 'number' },
      { name: 'returnNumber', type: 'text' },
      { name: 'step', type: 'text', required: true },
    ],
    outputSchema: [{ name: 'result', type: 'text' }],
    retries: { attempts: 10, backoff: { type: 'exponential', delay: 2000 } },
    handler: async ({ input, req }) => {
      const { sendReturnEmail } = await import('../../features/returns/return-email.server')
      const { isReturnEmailStep } = await import('../../features/returns/return-email')
      const job = input as { returnId?: number | null; returnNumber?: string | null; step: string }
      if (!isReturnEmailStep(job.step)) throw new Error(`no return email for the step ${job.step}`)
      await sendReturnEmail(req.payload, job, job.step)
      return { output: { result: 'sent' } }
    },
  },
  {
    slug: ISSUE_CREDIT_NOTE,
    label: 'Issue a refund’s credit note (once; ADR 049)',
    // A refund's row, or an order refunded in full at the provider (features/invoices/credit-note-jobs.server.ts).
    inputSchema: [
      { name: 'refundId', type: 'number' },
      { name: 'orderId', type: 'number' },
      { name: 'amountPence', type: 'number' },
    ],
    outputSchema: [{ name: 'result', type: 'text' }],
    retries: { attempts: 10, backoff: { type: 'exponential', delay: 2000 } },
    handler: async ({ input, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { creditNoteForJob } = await import('../../features/invoices/credit-note.server')
      const { creditNoteJobInput } = await import('../../features/invoices/credit-note-jobs.server')
      return { output: { result: await creditNoteForJob(req.payload, creditNoteJobInput(input)) } }
    },
  },
  {
    slug: CREATE_EXCHANGE_ORDER,
    label: 'Make the replacement order of an exchange (once; ADR 067)',
    inputSchema: [{ name: 'returnNumber', type: 'text', required: true }],
    outputSchema: [{ name: 'result', type: 'text' }],
    // The replacement's checkout key is the exchange's own, so a run after a crash finds the order it made.
    retries: { attempts: 10, backoff: { type: 'exponential', delay: 2000 } },
    handler: async ({ input, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { createExchangeOrder } = await import('../../features/returns/exchanges.server')
      return { output: { result: await createExchangeOrder(req.payload, String((input as { returnNumber: string }).returnNumber)) } }
    },
  },
  {
    slug: SEND_DEAL_EMAIL,
    label: 'Email a customer about their deal (a stage staff moved it to, or the one reminder)',
    inputSchema: [
      { name: 'dealId', type: 'number', required: true },
      { name: 'kind', type: 'text', required: true },
    ],
    outputSchema: [{ name: 'result', type: 'text' }],
    // Each email carries an idempotency key per deal and kind, so a retry after a crash delivers it once.
    retries: { attempts: 10, backoff: { type: 'exponential', delay: 2000 } },
    handler: async ({ input, req }) => {
      // Loaded on first run: server code kept out of the Payload config's imports (see the top).
      const { sendDealEmail } = await import('../../features/deals/deal-email.server')
      const job = input as { dealId: number; kind: string }
      return { output: { result: await sendDealEmail(req.payload, Number(job.dealId), String(job.kind)) } }
    },
  },
]
