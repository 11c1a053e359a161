// The one place unexpected errors go: Next's onRequestError (src/instrumentation.ts), server.mjs's
// last-resort catch, and errors no code awaited. Each is logged at error level with its request id; when
// ERROR_WEBHOOK_URL is set, it is also posted there as JSON, for an error tracker's ingest endpoint or a
// small relay (off by default: nothing leaves the machine unless an operator asks).
import { currentRequestId, logger } from './logger.mjs'

/**
 * @param {unknown} error
 * @param {Record<string, unknown>} [context] what was being done (path, method, route type), never secrets
 * @param {{ url?: string, fetch?: typeof fetch }} [options]
 * @returns {Promise<void>} settles once the report is logged and, if configured, posted (or failed to post)
 */
export async function reportError(error, context = {}, { url = process.env.ERROR_WEBHOOK_URL?.trim(), fetch: send = fetch } = {}) {
  const err = error instanceof Error ? error : new Error(String(error))
  const requestId = typeof context.requestId === 'string' ? context.requestId : currentRequestId()
  logger().error({ err, ...context, ...(requestId ? { requestId } : {}) }, `unexpected error: ${err.message}`)
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
