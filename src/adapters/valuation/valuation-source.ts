// One interface for wherever part-exchange valuations come from: the built-in estimate (offline, the default) or a
// valuation provider over HTTP, chosen by VALUATION_URL in features/finance.
import type { Pence } from '../../domain/money'
import type { TradeInCondition } from '../../domain/part-exchange/trade-in'

export interface ValuationRequest {
  /** Upper case, no spaces, already checked as a UK registration mark. */
  readonly vrm: string
  readonly mileage: number
  readonly condition: TradeInCondition
  /** Asked of the customer only when the source cannot find it from the registration. */
  readonly make?: string | null
  readonly year?: number | null
}

export interface Valuation {
  readonly vrm: string
  readonly make: string
  readonly year: number
  readonly lowPence: Pence
  readonly highPence: Pence
}

export type ValuationAnswer =
  | { readonly ok: true; readonly valuation: Valuation }
  /** The source needs more from the customer: the make, or the year of a plate that shows none. */
  | { readonly ok: false; readonly reason: 'needs'; readonly fields: readonly ('make' | 'year')[]; readonly message: string }
  /** The source will not value this bike (unknown registration, a figure out of range). */
  | { readonly ok: false; readonly reason: 'refused'; readonly message: string }
  /** The service could not be reached or answered something else. */
  | { readonly ok: false; readonly reason: 'unavailable'; readonly error: string }

export interface ValuationSource {
  readonly name: string
  value(request: ValuationRequest): Promise<ValuationAnswer>
}
