// What a customer may cancel under the Consumer Contracts Regulations 2013, declared per product kind, each with
// the words the customer is shown. Every kind the shop sells today is goods supplied ready-made, so each may be
// cancelled; what the regulations exclude (reg. 28) and a workshop job already carried out (reg. 36(6)) are
// declared here when the shop sells them, and a line of such a kind is refused with its explanation.
import type { ProductKind } from '../catalogue/product-kind'
import { CANCELLATION_EXCLUSION_TEXT, type CancellationExclusion } from './consumer-rights-clock'

export interface KindCancellation {
  /** Why a line of this kind may never be cancelled (null: it may). */
  readonly exclusion: CancellationExclusion | null
  /** When it may, whether only until it leaves the dealer (goods made or fitted for the customer once sent). */
  readonly onlyBeforeDispatch?: boolean
  /** Shown beside the line on the order page. */
  readonly explanation: string
}

const READY_MADE = 'You may cancel within 14 days of delivery or collection, and send it back unused in its packaging.'

/** Lines for a workshop job or made-to-order goods: not sold online today, declared so they cannot slip through. */
export const CANCELLATION_BY_KIND: Readonly<Record<ProductKind | 'workshop-service' | 'made-to-order', KindCancellation>> = {
  motorcycle: { exclusion: null, explanation: `${READY_MADE} A bike registered in your name comes back with its documents and keys.` },
  scooter: { exclusion: null, explanation: `${READY_MADE} A scooter registered in your name comes back with its documents and keys.` },
  bicycle: { exclusion: null, explanation: READY_MADE },
  'e-bike': { exclusion: null, explanation: `${READY_MADE} Its battery and charger come back with it.` },
  riderwear: { exclusion: null, explanation: `${READY_MADE} Try it on indoors: worn or washed clothing may have a deduction for lost value.` },
  accessory: { exclusion: null, explanation: READY_MADE },
  'workshop-service': { exclusion: 'service-performed', explanation: CANCELLATION_EXCLUSION_TEXT['service-performed'] },
  'made-to-order': { exclusion: 'made-to-order', explanation: CANCELLATION_EXCLUSION_TEXT['made-to-order'] },
}

/** Whether a line of `kind` may be cancelled now, and the words for the customer (an unknown kind is goods). */
export function lineCancellation(kind: keyof typeof CANCELLATION_BY_KIND | null, facts: { readonly dispatched: boolean }): { readonly cancellable: boolean; readonly explanation: string } {
  const rule = CANCELLATION_BY_KIND[kind ?? 'accessory']
  if (rule.exclusion) return { cancellable: false, explanation: rule.explanation }
  if (rule.onlyBeforeDispatch && facts.dispatched) return { cancellable: false, explanation: rule.explanation }
  return { cancellable: true, explanation: rule.explanation }
}
