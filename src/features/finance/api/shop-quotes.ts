// POST /api/finance/quotes: the storefront's own quote call. The browser sends ids and terms only; prices come
// from the catalogue and quotes from the finance client on the server, so no service credential reaches a browser.
import type { Payload } from 'payload'
import { z } from '../../../lib/zod'
import { financeQuotesForProduct } from '../../../adapters/finance/finance-client'
import { describeIssues } from '../../checkout/basket-request'
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
  })
  .strict()

export type ShopQuoteRequest = z.input<typeof shopQuoteRequest>

export async function handleShopQuotes(request: Request, payload: Payload): Promise<Response> {
  const body = await readJsonBody(request, 16 * 1024)
  if (!body.ok) return json({ error: body.message }, body.status)
  const parsed = shopQuoteRequest.safeParse(body.value)
  if (!parsed.success) return json({ error: 'The quote request is not valid.', problems: describeIssues(parsed.error) }, 400)
  const outcome = await financeQuotesForProduct(payload, parsed.data)
  if (!outcome.ok) return json({ error: outcome.message }, outcome.status)
  return json(outcome)
}
