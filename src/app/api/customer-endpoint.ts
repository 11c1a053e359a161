// The one shape of a storefront POST that acts for a customer (checkout, reserve, bookings): rate limit by
// address, read and validate the JSON body, find who is signed in (if anyone), then the feature. Routes
// give the rule, the schema and what to do with the valid request (parse → feature → answer).
import type { Payload } from 'payload'
import type { z } from '../../lib/zod'
import { payloadClient } from '../../cms/payload-client.server'
import { env } from '../../config/env'
import { holdNetwork, limitRequest } from '../../features/abuse/rate-limit.server'
import { signedInCustomerId } from '../../features/account/session.server'
import { readJsonRequest, type KnownFields } from '../../lib/http/json-body'
import { refuseBody } from '../../lib/http/respond'
import type { RateRule } from '../../lib/rate-limit'

export interface Customer {
  /** The signed-in customer's id, or null for a guest. */
  readonly customerId: number | null
  /** Whether cookies the answer sets must be Secure (the shop is served over HTTPS). */
  readonly secureCookie: boolean
  /** The network the request came from (an IPv4 address or an IPv6 /64), for the caps on unpaid holds; null for none. */
  readonly network: string | null
}

export function customerEndpoint<T>(options: {
  readonly rule: RateRule
  readonly schema: z.ZodType<T>
  readonly body?: { readonly limit?: number; readonly knownFields?: KnownFields }
  readonly handle: (payload: Payload, value: T, customer: Customer) => Promise<Response>
}): (request: Request) => Promise<Response> {
  return async (request) => {
    const limited = await limitRequest(request, options.rule)
    if (limited) return limited
    const parsed = await readJsonRequest(request, options.schema, options.body)
    if (!parsed.ok) return refuseBody(parsed.refusal)
    const payload = await payloadClient()
    const customerId = await signedInCustomerId(payload, request.headers)
    return options.handle(payload, parsed.value, { customerId, secureCookie: env().SITE_URL.startsWith('https:'), network: holdNetwork(request.headers) })
  }
}
