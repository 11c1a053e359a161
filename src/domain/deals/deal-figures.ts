// A deal's figures: the one price of the shop, worked out once for the customer's page, the staff hub and the
// quote. Cash price, less the part-exchange's net value, plus accessories and delivery, less the deposit, is the
// balance. With a finance application the balance is the lender's advance, and every figure comes from what the
// application stored, so the page and the agreement agree to the penny. Pure: no clock but the one handed in.
import type { Pence } from '../money'

/** A part-exchange as the deal counts it; its expiry is set when it is made (domain/part-exchange/valuation-hold.ts). */
export interface DealPartExchange {
  /** The figure the shop quoted online. */
  readonly quotedPence: Pence
  /** The figure staff confirmed when they saw the bike; it replaces the quote from then on. */
  readonly confirmedPence?: Pence | null
  readonly adjustmentReason?: string | null
  /** Finance still owed on the customer's bike, settled by the dealer. */
  readonly outstandingFinancePence: Pence
  readonly expiresAt: string
  /** Counted in a finance application already placed: the lender has the figure, so it no longer expires. */
  readonly committed?: boolean
}

export type PartExchangeState = 'held' | 'expired' | 'confirmed'

export interface DealFigureInput {
  /** The bike's price, every mandatory charge in it. */
  readonly cashPricePence: Pence
  readonly accessories: readonly { readonly name: string; readonly pricePence: Pence }[]
  readonly deliveryPence: Pence
  readonly partExchange: DealPartExchange | null
  /** Money the customer has paid or puts down: a reservation's deposit, a finance deposit, a quote's deposit. */
  readonly depositPence: Pence
}

export interface DealFigures {
  readonly cashPricePence: Pence
  readonly accessoriesPence: Pence
  readonly deliveryPence: Pence
  /** Cash price, accessories and delivery: what the whole would cost without a part-exchange. */
  readonly totalPricePence: Pence
  readonly partExchange: null | {
    readonly state: PartExchangeState
    /** The value that counts: the confirmed one, else the quoted one while held. */
    readonly valuePence: Pence
    readonly outstandingFinancePence: Pence
    /** Value less the finance owed; 0 once an unconfirmed valuation has expired (it no longer counts). */
    readonly netPence: Pence
    readonly adjustmentPence: Pence
    readonly adjustmentReason: string | null
    readonly expiresAt: string
  }
  readonly depositPence: Pence
  /** What is left to pay (or, on finance, to borrow). */
  readonly balancePence: Pence
}

/** The state of a valuation at `now`: confirmed at inspection, else held until it expires. */
export function partExchangeState(px: Pick<DealPartExchange, 'confirmedPence' | 'expiresAt' | 'committed'>, now: Date): PartExchangeState {
  if (px.confirmedPence != null) return 'confirmed'
  return px.committed || Date.parse(px.expiresAt) > now.getTime() ? 'held' : 'expired'
}

export function dealFigures(input: DealFigureInput, now: Date): DealFigures {
  const accessoriesPence = input.accessories.reduce((sum, a) => sum + a.pricePence, 0)
  const totalPricePence = input.cashPricePence + accessoriesPence + input.deliveryPence
  let partExchange: DealFigures['partExchange'] = null
  if (input.partExchange) {
    const px = input.partExchange
    const state = partExchangeState(px, now)
    const valuePence = px.confirmedPence ?? px.quotedPence
    const netPence = state === 'expired' ? 0 : valuePence - px.outstandingFinancePence
    partExchange = {
      state,
      valuePence,
      outstandingFinancePence: px.outstandingFinancePence,
      netPence,
      adjustmentPence: px.confirmedPence != null ? px.confirmedPence - px.quotedPence : 0,
      adjustmentReason: px.adjustmentReason?.trim() || null,
      expiresAt: px.expiresAt,
    }
  }
  const balancePence = totalPricePence - (partExchange?.netPence ?? 0) - input.depositPence
  return { cashPricePence: input.cashPricePence, accessoriesPence, deliveryPence: input.deliveryPence, totalPricePence, partExchange, depositPence: input.depositPence, balancePence }
}

/**
 * The deal figures of a finance application, from the lender's figures it stored (in pounds, as the quote
 * protocol carries them): the bike's line, the financed accessories, the part-exchange and the cash deposit.
 * The cash deposit is the quote's total deposit less the part-exchange equity counted in it. Until staff confirm
 * another value at inspection, the balance is the lender's advance.
 */
export function financeDealFigures(stored: {
  readonly bikePence: Pence
  readonly accessories: readonly { readonly name: string; readonly pricePence: Pence }[]
  readonly totalDepositPounds: number
  readonly partExchange: DealPartExchange | null
}, now: Date): DealFigures {
  const px = stored.partExchange
  // The lender counted the quoted figure; a value confirmed later at inspection moves the balance, not the cash paid.
  const equity = px ? Math.max(0, px.quotedPence - px.outstandingFinancePence) : 0
  const depositPence = Math.round(stored.totalDepositPounds * 100) - equity
  return dealFigures({ cashPricePence: stored.bikePence, accessories: stored.accessories, deliveryPence: 0, partExchange: px ? { ...px, committed: true } : null, depositPence }, now)
}
