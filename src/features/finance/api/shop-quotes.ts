// POST /api/finance/quotes: the storefront's own quote call. The browser sends ids and terms only; prices come
// from the catalogue and quotes from the finance client on the server, so no service credential reaches a browser.
import type { Payload } from 'payload'
import { z } from '../../../lib/zod'
import { financeQuotesForProduct } from '../finance-client'
import { describeIssues } from '../../basket/basket-request'
import { financeDepositWithReservation } from '../../../domain/reservations/reservation-rules'
import type { ReservationForFinanceFn } from '../../reservations/reservation-finance.server'
import { json, readJsonBody } from './http'

const id = z.number().int().positive().max(2_147_483_647)

export const shopQuoteRequest = z
  .object({
    productId: id,
    variantId: id.nullish(),
    termMonths: z.number().int().min(6, 'termMonths must be at least 6').max(120, 'termMonths must be at most 120'),
    depositPence: z.number().int('depositPence must be whole pence').min(0, 'depositPence cannot be negative').max(100_000_000),
    annualDistance: z.number().int().min(0).max(100_000),
    accessories: z.array(z.object({ productId: id, variantId: id.nullish() }).strict()).max(20).optional().default([]),
    /** A reserved bike: the signed reservation link's token; its deposit counts towards the deposit quoted. */
    reservationToken: z.string().min(1).max(300).optional(),
  })
  .strict()

export type ShopQuoteRequest = z.input<typeof shopQuoteRequest>

export async function handleShopQuotes(request: Request, payload: Payload, deps: { readonly reservationForFinance?: ReservationForFinanceFn } = {}): Promise<Response> {
  const body = await readJsonBody(request, 16 * 1024)
  if (!body.ok) return json({ error: body.message }, body.status)
  const parsed = shopQuoteRequest.safeParse(body.value)
  if (!parsed.success) return json({ error: 'The quote request is not valid.', problems: describeIssues(parsed.error) }, 400)
  const { reservationToken, ...query } = parsed.data
  if (!reservationToken) {
    const outcome = await financeQuotesForProduct(payload, query)
    if (!outcome.ok) return json({ error: outcome.message }, outcome.status)
    return json(outcome)
  }
  // A reserved bike: the deposit already paid is part of the deposit quoted (never less), worked out here.
  if (!deps.reservationForFinance) return json({ error: 'Finance for a reserved bike is not available here. Please call us.' }, 422)
  const reservation = await deps.reservationForFinance(payload, reservationToken, { productId: query.productId, variantId: query.variantId })
  if (!reservation.ok) return json({ error: reservation.message }, reservation.status)
  if (!reservation.active) return json({ error: 'This reservation has already become a sale, so it cannot be quoted for again.' }, 409)
  if (query.accessories.length > 0) return json({ error: 'A reserved bike is financed on its own online; we can add accessories to the agreement in the shop.' }, 422)
  const depositPence = financeDepositWithReservation(query.depositPence, reservation.depositPence)
  const outcome = await financeQuotesForProduct(payload, { ...query, depositPence })
  if (!outcome.ok) return json({ error: outcome.message }, outcome.status)
  return json({ ...outcome, reservation: { reservationNumber: reservation.reservationNumber, depositPaidPence: reservation.depositPence, depositPence, depositToPayPence: depositPence - reservation.depositPence } })
}
