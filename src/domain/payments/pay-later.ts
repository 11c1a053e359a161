// Whether Klarna's Pay in 3 suits a basket. It is offered on the kinds the site settings name (rider wear,
// accessories and bicycles by default) within the settings' limits; motorcycles, scooters and e-bikes go to
// the shop's regulated finance (hire purchase through its lender) instead, and the answer says why in words.
import type { ProductKind } from '../catalogue/product-kind'
import { FINANCEABLE_KINDS } from '../finance/product-monthly-estimate'
import { formatPence, type Pence } from '../money'
import { payIn3, type Instalment } from './instalments'

export interface PayLaterSettings {
  readonly enabled: boolean
  /** The smallest basket Pay in 3 is offered on, in pence. */
  readonly minPence: Pence
  /** The largest basket Pay in 3 is offered on, in pence. */
  readonly maxPence: Pence
  /** The kinds of goods Pay in 3 may pay for; a basket holding any other kind is not offered it. */
  readonly kinds: readonly ProductKind[]
}

export const DEFAULT_PAY_LATER: PayLaterSettings = { enabled: true, minPence: 3000, maxPence: 100_000, kinds: ['riderwear', 'accessory', 'bicycle'] }

export interface PayLaterLine {
  readonly name: string
  readonly kind: ProductKind
}

export type PayLaterReason = 'disabled' | 'empty' | 'kind' | 'below_minimum' | 'above_maximum'

export type PayLaterVerdict =
  | { readonly available: true; readonly totalPence: Pence; readonly instalments: readonly Instalment[] }
  | {
      readonly available: false
      readonly reason: PayLaterReason
      /** Why, in words for the customer. */
      readonly message: string
      /** The basket holds goods the shop's regulated finance covers (hire purchase, per bike). */
      readonly financeOffered: boolean
      readonly financeLines: readonly PayLaterLine[]
    }

const KIND_WORDS: Record<ProductKind, string> = { motorcycle: 'motorcycles', scooter: 'scooters', bicycle: 'bicycles', 'e-bike': 'e-bikes', riderwear: 'rider wear', accessory: 'accessories' }

function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/** What Pay in 3 may be used for under these settings, in words ("rider wear, accessories and bicycles"). */
export function payLaterKindsInWords(settings: PayLaterSettings): string {
  return listWords(settings.kinds.map((k) => KIND_WORDS[k]))
}

/** The verdict for a basket of these lines whose total (after discounts and delivery) is `totalPence`. */
export function payLaterVerdict(lines: readonly PayLaterLine[], totalPence: Pence, settings: PayLaterSettings = DEFAULT_PAY_LATER): PayLaterVerdict {
  const financeLines = lines.filter((l) => FINANCEABLE_KINDS.includes(l.kind))
  const financeOffered = financeLines.length > 0
  const no = (reason: PayLaterReason, message: string): PayLaterVerdict => ({ available: false, reason, message, financeOffered, financeLines })
  const financeWords = financeOffered ? ' Bikes can be bought on hire purchase through our lender instead: you see the full quote, the APR and the total amount payable before you apply, and the lender checks affordability.' : ''
  if (!settings.enabled) return no('disabled', 'Pay in 3 with Klarna is not offered at the moment.')
  if (lines.length === 0) return no('empty', 'Your basket is empty.')
  const outside = lines.filter((l) => !settings.kinds.includes(l.kind))
  if (outside.length > 0) {
    const kinds = [...new Set(outside.map((l) => KIND_WORDS[l.kind]))]
    return no('kind', `Pay in 3 is not available for this basket: it is offered on ${payLaterKindsInWords(settings)} only, and your basket has ${listWords(kinds)} (${listWords(outside.map((l) => l.name))}).${financeWords}`)
  }
  if (totalPence < settings.minPence) return no('below_minimum', `Pay in 3 is available on baskets of ${formatPence(settings.minPence)} or more; yours comes to ${formatPence(totalPence)}.`)
  if (totalPence > settings.maxPence) return no('above_maximum', `Pay in 3 is available on baskets up to ${formatPence(settings.maxPence)}; yours comes to ${formatPence(totalPence)}.${financeWords}`)
  return { available: true, totalPence, instalments: payIn3(totalPence) }
}
