// POST /api/finance/quotes: ids and terms in, quotes out (route: app/api/finance/quotes; server: ./shop-quotes.ts).
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import type { ShopQuoteRequest } from './shop-quotes'
import type { QuotesAnswer } from '../quote-types'

export type GetQuotesRequest = ShopQuoteRequest
export type GetQuotesResponse = QuotesAnswer

export function getQuotes(body: GetQuotesRequest, signal?: AbortSignal) {
  return callApi<GetQuotesResponse>(paths.api.financeQuotes(), { method: 'POST', body, signal })
}
