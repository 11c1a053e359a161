// Releases expired card-payment stock holds once a minute in the server process.
import 'server-only'

let started = false

export function startHoldExpiry(intervalMs = 60_000): void {
  if (started) return
  started = true
  const timer = setInterval(() => {
    void (async () => {
      try {
        const { payloadClient } = await import('../../cms/payload-client.server')
        const { releaseExpiredHolds } = await import('./order-lifecycle.server')
        const payload = await payloadClient()
        const released = await releaseExpiredHolds(payload, new Date())
        if (released) payload.logger.info({ released }, 'expired stock holds released')
      } catch (error) {
        console.error('releasing expired stock holds failed', error)
      }
    })()
  }, intervalMs)
  timer.unref()
}
