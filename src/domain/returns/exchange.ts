// An exchange: one unit of an order line swapped for another variant (a size or a colour) of the same product.
// The replacement travels as its own order for the new variant, paid first by a credit of what the old unit cost
// the customer and, when it costs more, by card for the difference. The old unit comes back as a return whose
// credit note gives back its full value; of that value, the credit the replacement used stays with the shop, and
// only the rest goes back to the card. So money moves only for the difference, and each order's invoice and credit
// note state what was supplied and what came back. Pure: the workflow in features/returns acts on it.
import { formatPence, type Pence } from '../money'

export interface ExchangeChoice {
  /** The variant the customer has now, and the product it belongs to. */
  readonly productId: number
  readonly fromVariantId: number | null
  /** The variant asked for: its product, whether it is on sale with stock, and its price (VAT and charges in). */
  readonly to: { readonly productId: number; readonly variantId: number; readonly pricePence: Pence | null; readonly inStock: boolean; readonly title: string }
  /** What one unit of the old line cost the customer, after its share of any discount. */
  readonly unitPaidPence: Pence
}

export type ExchangePlan =
  | {
      readonly ok: true
      /** The replacement's price, paid first by the credit. */
      readonly replacementPence: Pence
      /** The part of the old unit's value that pays for the replacement. */
      readonly creditPence: Pence
      /** What the customer pays by card for a dearer replacement (0 when the credit covers it). */
      readonly toPayPence: Pence
      /** What goes back to the card once the old unit is back (0 when the replacement costs as much or more). */
      readonly refundPence: Pence
    }
  | { readonly ok: false; readonly problem: string }

/** What an exchange costs or gives back, or why it cannot be made. */
export function planExchange(choice: ExchangeChoice): ExchangePlan {
  if (choice.to.productId !== choice.productId) return { ok: false, problem: 'An item can only be exchanged for another size or colour of the same product.' }
  if (choice.fromVariantId === null) return { ok: false, problem: 'This item comes in one version only, so there is nothing to exchange it for. Return it instead.' }
  if (choice.to.variantId === choice.fromVariantId) return { ok: false, problem: 'Choose a different size or colour from the one you have.' }
  if (choice.to.pricePence === null) return { ok: false, problem: `${choice.to.title} is not on sale at the moment.` }
  if (!choice.to.inStock) return { ok: false, problem: `${choice.to.title} is out of stock at the moment. Choose another, or return the item for a refund.` }
  const replacementPence = choice.to.pricePence
  const creditPence = Math.min(replacementPence, choice.unitPaidPence)
  return { ok: true, replacementPence, creditPence, toPayPence: replacementPence - creditPence, refundPence: choice.unitPaidPence - creditPence }
}

export type ExchangeSettlement = { readonly ok: true; readonly cardPence: Pence; readonly creditPence: Pence } | { readonly ok: false; readonly problem: string }

/**
 * How a returned unit's value is given back: the credit the replacement used, and the rest, less any deduction for
 * lost value, to the card. The credit was spent when the replacement was sold, so a deduction may take only what
 * would have gone to the card.
 */
export function settleExchange(facts: { readonly valuePence: Pence; readonly deductionPence: Pence; readonly creditUsedPence: Pence }): ExchangeSettlement {
  const most = Math.max(0, facts.valuePence - facts.creditUsedPence)
  if (facts.deductionPence > most) return { ok: false, problem: `The deduction may be at most ${formatPence(most)}: ${formatPence(facts.creditUsedPence)} of this item's value already paid for its replacement.` }
  return { ok: true, cardPence: facts.valuePence - facts.creditUsedPence - facts.deductionPence, creditPence: facts.creditUsedPence }
}

/** The idempotency key of an exchange's replacement order: one per exchange, however often it is asked for. */
export const exchangeOrderKey = (returnNumber: string) => `exchange:${returnNumber}`

/** The exchange a replacement order's key names, or null for any other order's key. */
export const exchangeOfOrderKey = (key: string | null | undefined): string | null => (key?.startsWith('exchange:') ? key.slice('exchange:'.length) || null : null)
