// The iVendi Quoteware client over HTTP: POSTs the request as JSON to FINANCE_QUOTES_URL and reads the QuoteResults tree back.
import type { IvendiQuoteRequest, IvendiQuoteResponse } from './types'
import type { FinanceQuoteSource, QuoteSourceAnswer } from '../quote-source'

export interface IvendiHttpOptions {
  readonly url: string
  readonly timeoutMs?: number
  readonly fetch?: typeof fetch
}

function looksLikeResponse(body: unknown): body is IvendiQuoteResponse {
  if (!body || typeof body !== 'object') return false
  const value = body as Record<string, unknown>
  return typeof value.hasQuoteResults === 'boolean' && (value.QuoteResults === null || Array.isArray(value.QuoteResults))
}

export function ivendiHttpQuoteSource(options: IvendiHttpOptions): FinanceQuoteSource {
  const doFetch = options.fetch ?? fetch
  return {
    name: 'ivendi-http',
    async quote(request: IvendiQuoteRequest): Promise<QuoteSourceAnswer> {
      let response: Response
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        })
      } catch (error) {
        return { ok: false, error: `finance quote service unreachable: ${error instanceof Error ? error.message : String(error)}` }
      }
      let body: unknown
      try {
        body = await response.json()
      } catch {
        return { ok: false, error: `finance quote service answered ${response.status} without JSON` }
      }
      // iVendi answers refusals with an error tree; the client rules skip it, so it is passed on as a response.
      if (looksLikeResponse(body)) return { ok: true, response: body }
      return { ok: false, error: `finance quote service answered ${response.status} with something that is not a quote response` }
    },
  }
}
