// The one way storefront code reaches Payload's Local API.
import 'server-only'
import { getPayload, type Payload } from 'payload'

/** One client per process, for every route group (see below); production only. */
const CLIENT_KEY = '__wheelhousePayloadClient'
type Holder = { [CLIENT_KEY]?: Promise<Payload> }

const connect = (): Promise<Payload> => import('@payload-config').then((loaded) => getPayload({ config: loaded.default }))

/**
 * The config module is imported when the first page asks for Payload, and in production only once per process.
 * Turbopack's server build puts the config (ours, with every collection, field and hook) into the chunk of each group
 * of route entries, and a static import evaluated each group's copy as its first page loaded: `buildConfig` built and
 * sanitised the whole config again, and each copy stayed in the heap (11 copies of a 511 KB chunk after a walk
 * through the shop, ADR 032). Payload's own routes (admin, REST, GraphQL) still import their copy; they share the
 * one Payload instance through `getPayload`'s process-wide cache.
 *
 * In development the config is imported on each call (Node's module cache answers after the first), so that
 * `getPayload` still reloads a changed config. A failed start is not kept: the next call tries again.
 */
export function payloadClient(): Promise<Payload> {
  if (process.env.NODE_ENV !== 'production') return connect()
  const holder = globalThis as Holder
  const existing = holder[CLIENT_KEY]
  if (existing) return existing
  const started = connect()
  holder[CLIENT_KEY] = started
  started.catch(() => {
    if (holder[CLIENT_KEY] === started) delete holder[CLIENT_KEY]
  })
  return started
}
