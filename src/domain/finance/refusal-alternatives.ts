// What to offer when the customer's lender refuses a change to their quote (an accessory added, a new term): the
// deposit that would satisfy the same lender, another lender's quote on the changed terms, or the quote as it was
// before the change. Each is checked against the panel before it is offered, so no button leads to a refusal the
// panel already predicts.
import type { Pence } from '../money'
import type { FinanceType } from './quote-engine'
import { quotePanel, type BikeForFinance, type Lender, type PanelRequest } from './rate-table'

export interface ChosenLender {
  readonly funderCode: string
  readonly product: FinanceType
}

export interface RefusedChange {
  readonly panel: readonly Lender[]
  readonly bike: BikeForFinance
  /** The lender and product the customer had chosen, who refused the change. */
  readonly chosen: ChosenLender
  /** The request with the change, as the lender refused it. */
  readonly wanted: PanelRequest
  /** The request the customer had a quote for before the change; null when it is not known. */
  readonly previous: PanelRequest | null
}

interface Offer {
  readonly funderCode: string
  readonly lenderName: string
  readonly product: FinanceType
  /** The monthly payment the panel works out for this alternative, for the button's label. */
  readonly regularPaymentPence: Pence
}

export type FinanceAlternative =
  | (Offer & { readonly kind: 'deposit'; readonly depositPence: Pence })
  | (Offer & { readonly kind: 'lender' })
  | (Offer & { readonly kind: 'without-change' })

/** Other lenders offered at most: enough to give a choice, few enough to read. */
export const MAX_OTHER_LENDERS = 2

function roundUpToPound(pence: number): Pence {
  return Math.ceil(pence / 100 - 1e-9) * 100
}

/**
 * The smallest whole-pound deposit at which the lender's deposit and borrowing rules hold for this request:
 * its minimum deposit percent of the total cash price, and a deposit large enough to bring the amount borrowed
 * under its ceiling. Null when that deposit would leave nothing to borrow, or is no more than the one refused.
 */
export function depositThatMeetsLender(lender: Lender, bike: BikeForFinance, request: PanelRequest): Pence | null {
  const totalCashPricePence = bike.cashPricePence + (request.valueAddedProductsPence ?? 0)
  const borrowedBeforeDeposit = totalCashPricePence + (request.negativeEquityPence ?? 0)
  const forPercent = roundUpToPound((lender.minDepositPercent * totalCashPricePence) / 100)
  const forCeiling = roundUpToPound(borrowedBeforeDeposit - lender.maxAdvancePence)
  const deposit = Math.max(forPercent, forCeiling, 0)
  if (deposit <= request.depositPence || borrowedBeforeDeposit - deposit < lender.minAdvancePence) return null
  return deposit
}

function quoteOne(lender: Lender, product: FinanceType, bike: BikeForFinance, request: PanelRequest): Pence | null {
  const result = quotePanel([{ ...lender, products: [product] }], bike, request)[0]
  return result?.outcome.ok ? result.outcome.quote.regularPaymentPence : null
}

/**
 * The alternatives to a refused change, in the order they are offered: the deposit that would do with the same
 * lender, then other lenders quoting the changed terms (the same kind of agreement first, then the lowest monthly
 * payment), then the quote without the change. Empty when the chosen lender is not on the panel or accepts the change.
 */
export function alternativesToRefusal(change: RefusedChange): FinanceAlternative[] {
  const { panel, bike, chosen, wanted, previous } = change
  const lender = panel.find((l) => l.funderCode === chosen.funderCode)
  if (!lender || quoteOne(lender, chosen.product, bike, wanted) !== null) return []
  const base = { funderCode: lender.funderCode, lenderName: lender.name, product: chosen.product }
  const out: FinanceAlternative[] = []

  const deposit = depositThatMeetsLender(lender, bike, wanted)
  const atDeposit = deposit === null ? null : quoteOne(lender, chosen.product, bike, { ...wanted, depositPence: deposit })
  if (deposit !== null && atDeposit !== null) out.push({ kind: 'deposit', ...base, depositPence: deposit, regularPaymentPence: atDeposit })

  const others: (Offer & { readonly kind: 'lender' })[] = []
  for (const quoted of quotePanel(panel, bike, wanted)) {
    if (quoted.funderCode === lender.funderCode || !quoted.outcome.ok) continue
    others.push({ kind: 'lender', funderCode: quoted.funderCode, lenderName: quoted.lenderName, product: quoted.product, regularPaymentPence: quoted.outcome.quote.regularPaymentPence })
  }
  others.sort((a, b) => Number(b.product === chosen.product) - Number(a.product === chosen.product) || a.regularPaymentPence - b.regularPaymentPence)
  // One agreement per lender: two products from one lender would read as two lenders.
  const seen = new Set<string>()
  for (const other of others) {
    if (seen.has(other.funderCode) || seen.size >= MAX_OTHER_LENDERS) continue
    seen.add(other.funderCode)
    out.push(other)
  }

  const before = previous === null ? null : quoteOne(lender, chosen.product, bike, previous)
  if (before !== null) out.push({ kind: 'without-change', ...base, regularPaymentPence: before })
  return out
}
