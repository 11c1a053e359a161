// POST /api/finance/quotes: ids and terms in, quotes out, as the browser calls it (route: app/api/finance/quotes;
// server: ./shop-quotes.server.ts).
import { z } from '../../../lib/zod'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import type { FinanceQuoteOutcome } from '../finance-client'
import type { ReservationQuoteFigures } from '../finance-reservation'

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
    reservationToken: z.string().min(1).max(2048).optional(),
    /** A valuation from POST /api/finance/part-exchange, applied as the part-exchange; its figures are read on the server. */
    valuationId: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9-]+$/, 'valuationId is not a valuation id').optional(),
    /** The lender the customer had chosen and their terms before this change: if that lender refuses, the answer says what would work. */
    alternativesFor: z
      .object({
        funderCode: z.string().trim().min(1).max(20),
        facilityType: z.enum(['HP', 'PCP']),
        previous: z
          .object({
            termMonths: z.number().int().min(1).max(120),
            depositPence: z.number().int('depositPence must be whole pence').min(0).max(100_000_000),
            annualDistance: z.number().int().min(0).max(100_000),
            accessories: z.array(z.object({ productId: id, variantId: id.nullish() }).strict()).max(20),
          })
          .strict()
          .nullish(),
      })
      .strict()
      .optional(),
  })
  .strict()

export type ShopQuoteRequest = z.input<typeof shopQuoteRequest>

/** With a reservation token, the answer also says how the reservation deposit counts towards the deposit. */
export type QuotesAnswer = Extract<FinanceQuoteOutcome, { ok: true }> & { readonly reservation?: ReservationQuoteFigures }

export type GetQuotesRequest = ShopQuoteRequest
export type GetQuotesResponse = QuotesAnswer

export function getQuotes(body: GetQuotesRequest, signal?: AbortSignal) {
  return callApi<GetQuotesResponse>(paths.api.financeQuotes(), { method: 'POST', body, signal })
}
