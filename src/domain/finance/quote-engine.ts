// Hire purchase and PCP figures (payments, totals, rates, schedule) in integer pence, and the APR check of a schedule.
import { isPence, type Pence } from '../money'

export type FinanceType = 'HP' | 'PCP'

/** `number` equal monthly payments of `amountPence`; runs follow each other month by month from month 1. */
export interface PaymentRun {
  readonly amountPence: Pence
  readonly number: number
}

export interface QuoteInput {
  readonly product: FinanceType
  readonly cashPricePence: Pence
  /** Accessories, warranties and the like financed with the bike. */
  readonly valueAddedProductsPence?: Pence
  readonly depositPence: Pence
  /**
   * A part-exchange worth less than its outstanding finance: the shortfall is settled by the new agreement, so
   * it is added to the advance (iVendi's NegativeEquity). It is not part of the cash price or the charge for credit.
   */
  readonly negativeEquityPence?: Pence
  /** The lender's APR as a percentage, 9.9 for 9.9%. */
  readonly aprPercent: number
  /**
   * Length of the agreement in months, as iVendi reports Term: for HP the number of monthly payments;
   * for PCP the monthly payments plus the month of the final payment (37 = 36 monthly + final).
   */
  readonly termMonths: number
  /** PCP only: the guaranteed future value, due with the final payment. */
  readonly balloonPence?: Pence
  /** Charged with the first monthly payment. */
  readonly acceptanceFeePence?: Pence
  readonly optionToPurchaseFeePence?: Pence
}

export interface FinanceQuote {
  readonly product: FinanceType
  readonly aprPercent: number
  readonly termMonths: number
  readonly cashPricePence: Pence
  readonly valueAddedProductsPence: Pence
  /** Cash price plus value-added products: what the customer would pay without finance. */
  readonly totalCashPricePence: Pence
  readonly depositPence: Pence
  /** Added to the advance: see QuoteInput.negativeEquityPence. */
  readonly negativeEquityPence: Pence
  readonly advancePence: Pence
  readonly balloonPence: Pence
  readonly acceptanceFeePence: Pence
  readonly optionToPurchaseFeePence: Pence
  readonly numberOfMonthlyPayments: number
  readonly regularPaymentPence: Pence
  readonly firstPaymentPence: Pence
  readonly finalPaymentPence: Pence
  readonly schedule: readonly PaymentRun[]
  /** Deposit plus every scheduled payment. */
  readonly totalPayablePence: Pence
  /** Total payable less the total cash price: interest and fees together. */
  readonly totalChargeForCreditPence: Pence
  /** Total charge for credit less the acceptance and option-to-purchase fees. */
  readonly interestChargesPence: Pence
  /** Figures below are shown rounded to two decimals, as iVendi shows them. */
  readonly flatRatePercent: number
  readonly nominalInterestRatePercent: number
  readonly aerPercent: number
}

export type QuoteOutcome = { readonly ok: true; readonly quote: FinanceQuote } | { readonly ok: false; readonly errors: readonly string[] }

/** The monthly rate whose twelve-month compound equals the APR, so an APR quoted annually holds month by month. */
export function monthlyRateFromApr(aprPercent: number): number {
  return Math.pow(1 + aprPercent / 100, 1 / 12) - 1
}

/**
 * Quote HP or PCP. Every sum the customer pays after the deposit, fees included, discounts back to the
 * advance at the APR, which is what makes the APR the total cost of credit the FCA asks for.
 *
 * Fee placement follows iVendi's published quotes (see the tests):
 * - PCP: the option-to-purchase fee is added to the balloon one month after the last monthly payment.
 * - HP: the option-to-purchase fee is collected inside the last monthly payment, not on top of it; the
 *   level payment already covers it. iVendi's HP example shows this: 54 payments of 136.92 with FirstPayment
 *   = FinalPayment = 136.92 and TotalPayable = deposit + 54 × 136.92, the £10 fee appearing only as part of
 *   TotalCharges; and its InterestRate 9.43% and AER 9.85% are the yield of that schedule with £10 taken off
 *   the 54th payment.
 * - The acceptance fee is added to the first payment, and the level payment solved so the APR still holds.
 *
 * The level payment is rounded to the nearest penny, as iVendi does (136.915 → 136.92), and the residue is
 * left in the lender's favour or not; at 0% APR the last monthly payment takes the odd pennies instead, so an
 * interest-free deal costs exactly the cash price.
 */
export function quoteFinance(input: QuoteInput): QuoteOutcome {
  const errors = validate(input)
  if (errors.length > 0) return { ok: false, errors }

  const valueAddedProductsPence = input.valueAddedProductsPence ?? 0
  const acceptanceFeePence = input.acceptanceFeePence ?? 0
  const optionToPurchaseFeePence = input.optionToPurchaseFeePence ?? 0
  const balloonPence = input.product === 'PCP' ? (input.balloonPence ?? 0) : 0
  const negativeEquityPence = input.negativeEquityPence ?? 0
  const totalCashPricePence = input.cashPricePence + valueAddedProductsPence
  const advancePence = totalCashPricePence + negativeEquityPence - input.depositPence
  const n = input.termMonths
  const monthlyPayments = input.product === 'HP' ? n : n - 1
  const r = monthlyRateFromApr(input.aprPercent)

  // Sums due other than the level payments, by month; the HP option fee is not one (it sits inside month n).
  const extras = new Map<number, number>()
  const addExtra = (month: number, pence: number) => extras.set(month, (extras.get(month) ?? 0) + pence)
  addExtra(1, acceptanceFeePence)
  if (input.product === 'PCP') addExtra(n, balloonPence + optionToPurchaseFeePence)

  const amounts: number[] = []
  if (r === 0) {
    let extrasTotal = 0
    for (const pence of extras.values()) extrasTotal += pence
    const toSpread = advancePence - extrasTotal
    const regular = Math.floor(toSpread / monthlyPayments)
    for (let month = 1; month <= monthlyPayments; month++) amounts.push(regular)
    amounts[monthlyPayments - 1] = toSpread - regular * (monthlyPayments - 1)
  } else {
    let extrasPresentValue = 0
    for (const [month, pence] of extras) extrasPresentValue += pence * Math.pow(1 + r, -month)
    const annuity = (1 - Math.pow(1 + r, -monthlyPayments)) / r
    const regular = Math.round((advancePence - extrasPresentValue) / annuity)
    for (let month = 1; month <= monthlyPayments; month++) amounts.push(regular)
  }
  const regularPaymentPence = amounts[0] ?? 0
  if (regularPaymentPence < 1) {
    return { ok: false, errors: ['The balloon and fees leave nothing to pay monthly: lower the balloon or raise the term.'] }
  }
  for (let month = monthlyPayments + 1; month <= n; month++) amounts.push(0)
  for (const [month, pence] of extras) amounts[month - 1] = (amounts[month - 1] ?? 0) + pence

  const schedule = toRuns(amounts)
  const paymentsTotal = amounts.reduce((sum, pence) => sum + pence, 0)
  const totalPayablePence = input.depositPence + paymentsTotal
  // The negative equity is borrowed and repaid, not charged for: it is left out of the charge for credit.
  const totalChargeForCreditPence = totalPayablePence - totalCashPricePence - negativeEquityPence
  const interestChargesPence = totalChargeForCreditPence - acceptanceFeePence - optionToPurchaseFeePence
  if (interestChargesPence < 0) {
    return { ok: false, errors: ['The fees are more than the charge for credit at this APR.'] }
  }

  // The lender's own yield leaves the fees out; iVendi's InterestRate, AER and FlatRate are all built on it.
  const interestOnly = [...amounts]
  interestOnly[0] = (interestOnly[0] ?? 0) - acceptanceFeePence
  interestOnly[n - 1] = (interestOnly[n - 1] ?? 0) - optionToPurchaseFeePence
  const yieldMonthly = monthlyYield(advancePence, interestOnly)

  return {
    ok: true,
    quote: {
      product: input.product,
      aprPercent: input.aprPercent,
      termMonths: n,
      cashPricePence: input.cashPricePence,
      valueAddedProductsPence,
      totalCashPricePence,
      depositPence: input.depositPence,
      negativeEquityPence,
      advancePence,
      balloonPence,
      acceptanceFeePence,
      optionToPurchaseFeePence,
      numberOfMonthlyPayments: monthlyPayments,
      regularPaymentPence,
      firstPaymentPence: amounts[0] ?? 0,
      finalPaymentPence: amounts[n - 1] ?? 0,
      schedule,
      totalPayablePence,
      totalChargeForCreditPence,
      interestChargesPence,
      flatRatePercent: roundTo2(flatRateFromYield(yieldMonthly, monthlyPayments)),
      nominalInterestRatePercent: roundTo2(yieldMonthly * 12 * 100),
      aerPercent: roundTo2((Math.pow(1 + yieldMonthly, 12) - 1) * 100),
    },
  }
}

/**
 * The APR of a schedule per FCA CONC App 1: the annual rate X at which the advance (drawn at time 0)
 * equals Σ payment × (1 + X)^−t, t in years with a year of twelve equal months, so t = month / 12.
 * Returns the unrounded percentage; `roundApr` gives the one-decimal figure CONC asks to be shown.
 */
export function aprFromSchedule(advancePence: Pence, schedule: readonly PaymentRun[]): number {
  const amounts: number[] = []
  for (const run of schedule) for (let k = 0; k < run.number; k++) amounts.push(run.amountPence)
  return (Math.pow(1 + monthlyYield(advancePence, amounts), 12) - 1) * 100
}

/** CONC App 1 shows the APR to one decimal place. */
export function roundApr(aprPercent: number): number {
  return Math.round(aprPercent * 10 + 1e-9) / 10
}

/**
 * The monthly rate i at which Σ amounts[k] × (1 + i)^−(k+1) = advance. Solved by bisection, which cannot
 * diverge: with payments that are not negative the sum only falls as i rises.
 */
function monthlyYield(advancePence: number, amounts: readonly number[]): number {
  const presentValue = (i: number) => amounts.reduce((sum, amount, k) => sum + amount * Math.pow(1 + i, -(k + 1)), 0)
  let lo = -0.99
  let hi = 1
  while (presentValue(hi) > advancePence && hi < 1e6) hi *= 2
  for (let step = 0; step < 200 && hi - lo > 1e-15; step++) {
    const mid = (lo + hi) / 2
    if (presentValue(mid) > advancePence) lo = mid
    else hi = mid
  }
  return (lo + hi) / 2
}

/**
 * Flat rate as iVendi states it: the yearly interest, as a share of the advance, of a level-payment loan
 * over the same number of monthly payments at the credit's interest yield. Taking the plain ratio
 * interest ÷ advance ÷ years instead gives 5.12% for the HP example where iVendi says 5.13%, and 7.15% for
 * the PCP where iVendi says 5.06%; this form gives both.
 */
function flatRateFromYield(monthly: number, payments: number): number {
  if (Math.abs(monthly) < 1e-12) return 0
  const payment = monthly / (1 - Math.pow(1 + monthly, -payments))
  return (payment * payments - 1) * (12 / payments) * 100
}

function roundTo2(percent: number): number {
  return Math.round(percent * 100 + (percent >= 0 ? 1e-9 : -1e-9)) / 100
}

function toRuns(amounts: readonly number[]): PaymentRun[] {
  const runs: { amountPence: number; number: number }[] = []
  for (const amount of amounts) {
    const last = runs[runs.length - 1]
    if (last && last.amountPence === amount) last.number += 1
    else runs.push({ amountPence: amount, number: 1 })
  }
  return runs
}

function validate(input: QuoteInput): string[] {
  const errors: string[] = []
  const pence: [string, number | undefined][] = [
    ['Cash price', input.cashPricePence],
    ['Value-added products', input.valueAddedProductsPence],
    ['Deposit', input.depositPence],
    ['Negative equity', input.negativeEquityPence],
    ['Balloon', input.balloonPence],
    ['Acceptance fee', input.acceptanceFeePence],
    ['Option-to-purchase fee', input.optionToPurchaseFeePence],
  ]
  for (const [label, value] of pence) {
    if (value !== undefined && (!isPence(value) || value < 0)) errors.push(`${label} must be a whole number of pence, not negative.`)
  }
  if (errors.length > 0) return errors
  if (input.cashPricePence <= 0) errors.push('Cash price must be more than zero.')
  if (input.depositPence >= input.cashPricePence + (input.valueAddedProductsPence ?? 0) + (input.negativeEquityPence ?? 0)) {
    errors.push('Deposit must be less than the cash price, or there is nothing to finance.')
  }
  if (!Number.isFinite(input.aprPercent) || input.aprPercent < 0 || input.aprPercent > 1000) {
    errors.push('APR must be a percentage from 0 to 1000.')
  }
  const minTerm = input.product === 'PCP' ? 2 : 1
  if (!Number.isInteger(input.termMonths) || input.termMonths < minTerm || input.termMonths > 240) {
    errors.push(`Term must be a whole number of months from ${minTerm} to 240.`)
  }
  if (input.product === 'HP' && (input.balloonPence ?? 0) > 0) errors.push('Hire purchase has no balloon payment.')
  // Without a guaranteed future value there is nothing to defer: that agreement is hire purchase, and a final
  // payment of nothing would stand in the schedule.
  if (input.product === 'PCP' && !((input.balloonPence ?? 0) > 0)) errors.push('A PCP needs a balloon (guaranteed future value) above zero.')
  return errors
}
