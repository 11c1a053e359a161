// Forms, and the JSON routes that do what a form does, limited per client before Next (ADR 081). The per-address
// limits of the app (src/features/abuse) count what a client may do in an hour, but their refusal is itself a
// rendered answer: a refused booking form without JavaScript re-renders its whole page, and a refused JSON booking
// still passes through Next's route handler. One address looping 32 of them kept both cores busy with refusals
// (health p99 0.6 s). So here, for next to nothing, a client is refused (429) a form post beyond two running at once
// or twenty in ten seconds. A person sends one form at a time (two for a double click), seconds apart; a flood
// reaches Next twice a second at most, whatever its rate.
//
// Counted: a server action posted to a storefront page (a form, with or without JavaScript; the admin's server
// functions are staff's and are checked by server-actions.mjs), and POSTs to the JSON twins of the forms: bookings,
// deal enquiries, account requests, registration and password resets. Not the routes that take money under a key the
// browser sends (the checkout, a reservation and its cancel link) nor the payment webhooks: a repeated or concurrent
// request there is answered by its idempotency with what the first one got, never refused.
// RATE_LIMITS=off turns it off with the app's limits (load tests only).

import { clientKey, createInFlightLimit } from './in-flight-limit.mjs'
import { possibleAction } from './server-actions.mjs'
import { memoryWindows } from '../src/lib/rate-windows.mjs'

/** Two at once: a double click on a form without JavaScript posts it twice before the first answer. */
export const FORM_POSTS_PER_CLIENT = 2
/** At most this many started in a window of this many ms. */
export const FORM_POSTS_WINDOW = { limit: 20, ms: 10_000 }
const MAX_CLIENTS = 50_000
const ADMIN = /^\/admin(\/|$)/
/**
 * Signing in and out: sign-in is slowed per account and never refused to a network (ADR 009), so a customer who
 * shares an address with someone hammering the form can still sign in; signing out must always work.
 */
const SESSION_PAGES = /^\/(login|logout|sign-out)\/?$/
const FORM_TWINS = /^\/api\/(bookings|deals|account)(\/|$)|^\/api\/users(\/forgot-password)?\/?$/

/** Whether a request is a form post, or its JSON twin, that counts against its client's limits here. */
export function isFormPost(req) {
  if (req.method !== 'POST') return false
  const pathOnly = (req.url ?? '/').split('?')[0]
  if (ADMIN.test(pathOnly) || SESSION_PAGES.test(pathOnly)) return false
  return FORM_TWINS.test(pathOnly) || possibleAction(req) !== null
}

const HTML_REFUSAL = `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Still sending your last form – Wheelhouse</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a"><main><h1>Still sending your last form</h1><p>We are still working on the form you sent a moment ago from this connection. Wait a few seconds, then go back and send it again if you need to.</p><p><a href="/" style="color:#0b4f9c">Back to the shop</a></p></main></body></html>`
const MESSAGE = 'Your last request is still being answered: wait a moment, then send it again.'

/** A refusal the sender can read: a small page for a browser's form, JSON for a script or a fetch action. */
export function refuseFormPost(res) {
  const req = res.req
  const page = req && req.headers['next-action'] === undefined && /text\/html/i.test(String(req.headers.accept ?? '')) && !/json/i.test(String(req.headers['content-type'] ?? ''))
  res.writeHead(429, { 'Content-Type': page ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '1' })
  res.end(page ? HTML_REFUSAL : JSON.stringify({ error: 'rate_limited', message: MESSAGE }))
}

/**
 * Counts posts per client in fixed windows (the app's own in-memory windows, src/lib/rate-windows.mjs), each opened by
 * the client's first post after its last window ran out: `over(key)` is true when this post is past the window's
 * limit. At most `maxClients` windows are kept.
 */
export function createWindowCounter({ limit, ms }, now = () => Date.now(), maxClients = MAX_CLIENTS) {
  const windows = memoryWindows(maxClients)
  return {
    over: (key) => windows.hit(key, ms, now()).count > limit,
    // eslint-disable-next-line no-restricted-syntax -- one per process, never per request (ADR 083)
    get size() {
      return windows.size
    },
  }
}

/**
 * `admit(req, res)`: true when it has refused the request (answered 429), false when the caller goes on. A running
 * post's slot is given back when its answer ends or the connection closes.
 * @param {{ clientOf: (req: import('node:http').IncomingMessage) => string | string[] | undefined, enabled?: () => boolean,
 *   perClient?: number, window?: { limit: number, ms: number }, now?: () => number }} options
 */
export function createFormPostLimit({ clientOf, enabled = () => process.env.RATE_LIMITS !== 'off', perClient = FORM_POSTS_PER_CLIENT, window = FORM_POSTS_WINDOW, now }) {
  const started = createWindowCounter(window, now)
  const running = createInFlightLimit({ max: Infinity, perClient, matches: () => true, clientOf, refuse: refuseFormPost })
  return {
    admit(req, res) {
      if (!enabled() || !isFormPost(req)) return false
      if (started.over(clientKey(clientOf(req)))) {
        refuseFormPost(res)
        return true
      }
      return running.admit(req, res)
    },
    // eslint-disable-next-line no-restricted-syntax -- one per process, never per request (ADR 083)
    get inFlight() {
      return running.inFlight
    },
  }
}
