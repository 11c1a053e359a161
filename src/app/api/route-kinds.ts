// The kinds of route under /api that several routes share, as the options each gives endpoint() (./endpoint.ts), so
// a route file names only what is its own: the schema, the feature's call, and what its answer carries.
import type { Payload } from 'payload'
import type { z } from '../../lib/zod'
import { RATE_RULES } from '../../features/abuse/rate-limit.server'
import { MAX_BOOKING_BYTES } from '../../features/bookings/booking-request'
import type { Booked, Refusal } from '../../features/bookings/bookings.server'
import { CUSTOMER_FIELDS } from '../../features/checkout/checkout-form'
import type { RateRule } from '../../lib/rate-limit'
import { json, refuse, refuseOutcome } from '../../lib/http/respond'
import { customerOf, type Customer, type EndpointOptions } from './endpoint'

/** A refusal as the features that answer a customer spell it: an HTTP status, a code, a message and any details. */
type Refused = { readonly ok: false; readonly status: number; readonly code: string; readonly message: string }
/** What a card checkout placed, or found placed under the same key: with the cookie that lets the customer come back to it. */
type Placed = { readonly ok: true; readonly created: boolean; readonly cookie: string }

/**
 * Something the customer pays for by card and the shop holds stock for meanwhile (an order, a reservation): placed
 * from the checkout form's fields for the caller; 201 with what `answer` picks when new, 200 when the same key
 * answers what it placed before, with the cookie that lets the customer come back to it.
 */
export function cardHoldRoute<T, O extends Placed | Refused>(
  rule: RateRule,
  schema: z.ZodType<T>,
  place: (payload: Payload, input: T, customer: Customer) => Promise<O>,
  answer: (placed: Extract<O, Placed>) => unknown,
): EndpointOptions<T> {
  return {
    rule,
    schema,
    body: { knownFields: CUSTOMER_FIELDS },
    handle: async (input, caller) => {
      const result: Placed | Refused = await place(caller.payload, input, await customerOf(caller))
      if (!result.ok) return refuseOutcome(result)
      return json(answer(result as Extract<O, Placed>), result.created ? 201 : 200, { 'set-cookie': result.cookie })
    },
  }
}

/** A booking (a workshop job, a test ride) for the signed-in customer or a guest: 201 with its reference, the signed manage token and the page that confirms it. */
export function bookingRoute<T>(schema: z.ZodType<T>, book: (payload: Payload, input: T, options: { customerId: number | null }) => Promise<Booked | Refusal>, successUrl: (token: string) => string): EndpointOptions<T> {
  return {
    rule: RATE_RULES.booking,
    schema,
    body: { limit: MAX_BOOKING_BYTES },
    handle: async (input, caller) => {
      const result = await book(caller.payload, input, { customerId: await caller.customerId() })
      if (!result.ok) return refuseOutcome(result)
      return json({ reference: result.reference, token: result.token, successUrl: successUrl(result.token) }, 201)
    },
  }
}

/**
 * A customer's request about one of their orders (signed in as its owner, or a guest with its email address),
 * counted with the cancellations: a body of the wrong shape is a 400 saying what to send.
 */
export function customerOrderRoute<T>(schema: z.ZodType<T>, whatToSend: string, handle: EndpointOptions<T>['handle']): EndpointOptions<T> {
  return { rule: RATE_RULES.returns, schema, wrongShape: () => refuse(400, 'invalid_request', whatToSend), handle }
}

/**
 * A customer opening a return on their order (cancelling lines, reporting a fault): a refusal is 404 for an order
 * that is not theirs, 400 for a request that does not fit the order, else `refusedCode`; what opens answers 201.
 */
export function openReturnRoute<T, O extends Opened | NotOpened>(
  schema: z.ZodType<T>,
  whatToSend: string,
  open: (payload: Payload, body: T, customerId: number | null) => Promise<O>,
  refusedCode: string,
  answer: (opened: Extract<O, Opened>) => unknown,
): EndpointOptions<T> {
  return customerOrderRoute(schema, whatToSend, async (body, { payload, customerId }) => {
    const result: Opened | NotOpened = await open(payload, body, await customerId())
    if (!result.ok) return refuse(result.status, result.status === 404 ? 'not_found' : result.status === 400 ? 'invalid_request' : refusedCode, result.message)
    return json(answer(result as Extract<O, Opened>), 201)
  })
}

type Opened = { readonly ok: true }
type NotOpened = { readonly ok: false; readonly status: number; readonly message: string }
