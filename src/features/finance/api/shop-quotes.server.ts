// POST /api/finance/quotes, on the server (the browser's contract: ./get-quotes.ts): the storefront's own quote call.
// The browser sends ids and terms only; prices come from the catalogue and quotes from the finance client on the
// server, so no service credential reaches a browser.
import 'server-only'
import type { Payload } from 'payload'
import { z } from '../../../lib/zod'
import { financeQuotesForProduct } from '../finance-client'
import { financeDepositWithReservation } from '../../../domain/reservations/reservation-rules'
import type { ReservationForFinanceFn } from '../../reservations/reservation-finance.server'
import { jsonEndpoint } from '../../../lib/http/endpoint'
import { codeForStatus, json, refuse } from '../../../lib/http/respond'
import { shopQuoteRequest, type GetQuotesResponse } from './get-quotes'

export const handleShopQuotes = jsonEndpoint({
  schema: shopQuoteRequest,
  body: { limit: 16 * 1024 },
  handle: (value, _request, payload: Payload, deps: { readonly reservationForFinance?: ReservationForFinanceFn } = {}) => shopQuotes(payload, value, deps),
})

async function shopQuotes(payload: Payload, value: z.output<typeof shopQuoteRequest>, deps: { readonly reservationForFinance?: ReservationForFinanceFn }): Promise<Response> {
  const { reservationToken, ...query } = value
  if (!reservationToken) {
    // Without a reservation a sold bike is refused here, at the first step, not when the application is sent.
    const outcome = await financeQuotesForProduct(payload, query, { inStockOnly: true })
    if (!outcome.ok) return refuse(outcome.status, codeForStatus(outcome.status), outcome.message)
    return json(outcome satisfies GetQuotesResponse)
  }
  // A reserved bike: the deposit already paid is part of the deposit quoted (never less), worked out here.
  if (!deps.reservationForFinance) return refuse(422, codeForStatus(422), 'Finance for a reserved bike is not available here. Please call us.')
  const reservation = await deps.reservationForFinance(payload, reservationToken, { productId: query.productId, variantId: query.variantId })
  if (!reservation.ok) return refuse(reservation.status, codeForStatus(reservation.status), reservation.message)
  if (!reservation.active) return refuse(409, codeForStatus(409), 'This reservation has already become a sale, so it cannot be quoted for again.')
  if (query.accessories.length > 0) return refuse(422, codeForStatus(422), 'A reserved bike is financed on its own online; we can add accessories to the agreement in the shop.')
  const depositPence = financeDepositWithReservation(query.depositPence, reservation.depositPence)
  const outcome = await financeQuotesForProduct(payload, { ...query, depositPence })
  if (!outcome.ok) return refuse(outcome.status, codeForStatus(outcome.status), outcome.message)
  return json({ ...outcome, reservation: { reservationNumber: reservation.reservationNumber, depositPaidPence: reservation.depositPence, depositPence, depositToPayPence: depositPence - reservation.depositPence } } satisfies GetQuotesResponse)
}
