// One interface for wherever finance quotes come from: the built-in provider in-process, or an iVendi Quoteware endpoint over HTTP.
import type { IvendiQuoteRequest, IvendiQuoteResponse } from './ivendi/types'

export type QuoteSourceAnswer =
  | { readonly ok: true; readonly response: IvendiQuoteResponse }
  /** The service could not be reached or answered something that is not a quote response. */
  | { readonly ok: false; readonly error: string }

export interface FinanceQuoteSource {
  readonly name: string
  quote(request: IvendiQuoteRequest): Promise<QuoteSourceAnswer>
}
