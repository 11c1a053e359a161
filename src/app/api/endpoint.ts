// The one shape of a route under /api (src/lib/http/endpoint.ts, with what only the app knows): rate limit by
// address when the route has a rule, then the endpoint's own check, the JSON body validated by its schema, and the
// handler with the valid value and the caller: the Payload instance, who is signed in (looked up when asked), and
// what the answer's cookies and the caps on unpaid holds need. Routes give only what is their own.
import type { Payload } from 'payload'
import { payloadClient } from '../../cms/payload-client.server'
import { signedInAccount, type SignedInUser } from '../../cms/auth/session.server'
import { env } from '../../config/env'
import { holdNetwork, limitRequest } from '../../features/abuse/rate-limit.server'
import { jsonEndpoint, type EndpointSpec } from '../../lib/http/endpoint'
import type { RateRule } from '../../lib/rate-limit'

export interface Caller {
  readonly payload: Payload
  readonly request: Request
  /** The signed-in customer account, or null for a guest (looked up once, on the first call). */
  readonly account: () => Promise<(SignedInUser & { collection: 'users' }) | null>
  /** The signed-in customer's id, or null for a guest. */
  readonly customerId: () => Promise<number | null>
  /** Whether cookies the answer sets must be Secure (the shop is served over HTTPS). */
  readonly secureCookie: boolean
  /** The network the request came from (an IPv4 address or an IPv6 /64), for the caps on unpaid holds; null for none. */
  readonly network: string | null
  /** The dynamic segments of the route's path (`[id]` → `params.id`); empty for a route without any. */
  readonly params: Readonly<Record<string, string | string[] | undefined>>
}

/** What Next passes a route handler after the request. */
export interface RouteContext {
  readonly params: Promise<Record<string, string | string[] | undefined>>
}

/** What a customer-facing feature is told about who asks: their id (or null), cookie security and network. */
export interface Customer {
  readonly customerId: number | null
  readonly secureCookie: boolean
  readonly network: string | null
}

/** What a route gives endpoint(): its rate rule, the body's schema and limits, an optional check first, and its handler. */
export type EndpointOptions<T> = { readonly rule?: RateRule } & Omit<EndpointSpec<T, [Caller]>, 'before' | 'handle'> & {
  readonly before?: (caller: Caller) => Response | null | Promise<Response | null>
  readonly handle: (value: T, caller: Caller) => Promise<Response>
}

export function endpoint<T = undefined>(options: EndpointOptions<T>): (request: Request, context?: RouteContext) => Promise<Response> {
  const { rule, before, handle, ...spec } = options
  const served = jsonEndpoint<T, [Caller]>({ ...spec, before: before && ((_request, caller) => before(caller)), handle: (value, _request, caller) => handle(value, caller) })
  return async (request, context) => {
    if (rule) {
      const limited = await limitRequest(request, rule)
      if (limited) return limited
    }
    const payload = await payloadClient()
    let account: ReturnType<Caller['account']> | undefined
    const caller: Caller = {
      payload,
      request,
      account: () => (account ??= signedInAccount(payload, request.headers)),
      customerId: async () => {
        const user = await caller.account()
        return user ? Number(user.id) : null
      },
      secureCookie: env().SITE_URL.startsWith('https:'),
      network: holdNetwork(request.headers),
      params: (await context?.params) ?? {},
    }
    return served(request, caller)
  }
}

/** The caller as a customer-facing feature takes it. */
export async function customerOf(caller: Caller): Promise<Customer> {
  return { customerId: await caller.customerId(), secureCookie: caller.secureCookie, network: caller.network }
}
