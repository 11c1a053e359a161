// The one place unexpected errors go: Next's onRequestError (src/instrumentation.ts), server.mjs's
// last-resort catch, and errors no code awaited. Each is logged at error level with its request id; when
// SENTRY_DSN is set it goes to Sentry (or a service that speaks its protocol, such as GlitchTip) through Sentry's
// own SDK; when ERROR_WEBHOOK_URL is set it is posted there as JSON, for a small relay. Both are off by default:
// nothing leaves the machine unless an operator asks (ADR 062).
import fs from 'node:fs'
import path from 'node:path'
import { currentRequestId, logger } from './logger.mjs'

/** The build this process serves, as /api/health names it (next.config.ts releaseId), so each report names its release. */
function servedRelease() {
  try {
    return fs.readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim() || undefined
  } catch {
    return undefined
  }
}

/** @type {Promise<typeof import('@sentry/node') | null> | null} */
let sentry = null

/**
 * Sentry's SDK, started once on the first error when SENTRY_DSN is set. Only error capture: no tracing, no
 * automatic instrumentation of the server's modules (the shop measures itself, ADR 027), and no default PII.
 * Loaded lazily, so a shop without a DSN never loads it.
 */
function sentryClient(dsn) {
  sentry ??= import('@sentry/node').then(
    (Sentry) => {
      Sentry.init({
        dsn,
        environment: process.env.SENTRY_ENVIRONMENT?.trim() || process.env.NODE_ENV || 'development',
        release: servedRelease(),
        tracesSampleRate: 0,
        sendDefaultPii: false,
        defaultIntegrations: false,
        skipOpenTelemetrySetup: true,
      })
      return Sentry
    },
    (loadError) => {
      logger().warn({ err: loadError }, 'SENTRY_DSN is set but the Sentry SDK could not be loaded')
      return null
    },
  )
  return sentry
}

/** Sends one error to Sentry and waits (at most 3 s) until it has left, so a process about to exit still reports it. */
async function sendToSentry(dsn, err, requestId, context) {
  const Sentry = await sentryClient(dsn)
  if (!Sentry) return
  Sentry.withScope((scope) => {
    if (requestId) scope.setTag('requestId', requestId)
    scope.setContext('wheelhouse', context)
    Sentry.captureException(err)
  })
  if (!(await Sentry.flush(3000))) logger().warn('the error report could not be sent to Sentry within 3 s')
}

/**
 * @param {unknown} error
 * @param {Record<string, unknown>} [context] what was being done (path, method, route type), never secrets
 * @param {{ url?: string, fetch?: typeof fetch, sentryDsn?: string }} [options]
 * @returns {Promise<void>} settles once the report is logged and, if configured, posted (or failed to post)
 */
export async function reportError(error, context = {}, { url = process.env.ERROR_WEBHOOK_URL?.trim(), fetch: send = fetch, sentryDsn = process.env.SENTRY_DSN?.trim() } = {}) {
  const err = error instanceof Error ? error : new Error(String(error))
  const requestId = typeof context.requestId === 'string' ? context.requestId : currentRequestId()
  logger().error({ err, ...context, ...(requestId ? { requestId } : {}) }, `unexpected error: ${err.message}`)
  if (sentryDsn) await sendToSentry(sentryDsn, err, requestId, context)
  if (!url) return
  const body = JSON.stringify({
    service: 'wheelhouse',
    time: new Date().toISOString(),
    message: err.message,
    name: err.name,
    stack: err.stack,
    requestId,
    context,
  })
  try {
    await send(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(3000) })
  } catch (postError) {
    logger().warn({ err: postError }, 'the error report could not be posted to ERROR_WEBHOOK_URL')
  }
}
