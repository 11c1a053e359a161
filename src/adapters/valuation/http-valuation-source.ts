// A valuation provider over HTTP: POSTs the registration, mileage and condition as JSON to VALUATION_URL (with
// VALUATION_API_KEY as a bearer token) and reads back the make, year and trade range in pounds. Providers that speak
// another shape sit behind a small proxy that answers this one.
import { poundsToPence } from '../../domain/money'
import type { ValuationAnswer, ValuationRequest, ValuationSource } from './valuation-source'

export interface HttpValuationOptions {
  readonly url: string
  readonly apiKey?: string
  readonly timeoutMs?: number
  readonly fetch?: typeof fetch
}

/** What the provider answers: `{ make, year, tradeLow, tradeHigh }` (pounds), or 404 for an unknown registration. */
interface ProviderValuation {
  readonly make: string
  readonly year: number
  readonly tradeLow: number
  readonly tradeHigh: number
}

function looksLikeValuation(body: unknown): body is ProviderValuation {
  if (!body || typeof body !== 'object') return false
  const v = body as Record<string, unknown>
  const pounds = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 1_000_000
  return typeof v.make === 'string' && v.make.trim() !== '' && v.make.length <= 60 && Number.isInteger(v.year) && (v.year as number) >= 1900 && (v.year as number) <= 2100 && pounds(v.tradeLow) && pounds(v.tradeHigh) && (v.tradeLow as number) <= (v.tradeHigh as number)
}

export function httpValuationSource(options: HttpValuationOptions): ValuationSource {
  const doFetch = options.fetch ?? fetch
  return {
    name: 'valuation-http',
    async value(request: ValuationRequest): Promise<ValuationAnswer> {
      let response: Response
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({ registration: request.vrm, mileage: request.mileage, condition: request.condition, make: request.make ?? null, year: request.year ?? null }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        })
      } catch (error) {
        return { ok: false, reason: 'unavailable', error: `valuation service unreachable: ${error instanceof Error ? error.message : String(error)}` }
      }
      if (response.status === 404) return { ok: false, reason: 'refused', message: 'We could not find that registration. Check it and try again.' }
      let body: unknown
      try {
        body = await response.json()
      } catch {
        return { ok: false, reason: 'unavailable', error: `valuation service answered ${response.status} without JSON` }
      }
      if (!response.ok || !looksLikeValuation(body)) return { ok: false, reason: 'unavailable', error: `valuation service answered ${response.status} with something that is not a valuation` }
      return {
        ok: true,
        valuation: { vrm: request.vrm, make: body.make.trim(), year: body.year, lowPence: poundsToPence(body.tradeLow), highPence: poundsToPence(body.tradeHigh) },
      }
    },
  }
}
