// The lender panel as plain data, and the pure choice of rate, balloon and checks that turns it into quotes.
import { formatPence, type Pence } from '../money'
import { quoteFinance, type FinanceType, type QuoteOutcome } from './quote-engine'
import { numberText } from '../../lib/text/number-text'

export type BikeCondition = 'new' | 'used'

/** One APR, for the bikes and terms it covers; bounds are inclusive. */
export interface AprBand {
  readonly product: FinanceType
  readonly condition: BikeCondition | 'any'
  readonly minAgeYears: number
  readonly maxAgeYears: number
  readonly minTermMonths: number
  readonly maxTermMonths: number
  readonly aprPercent: number
}

/**
 * A PCP guaranteed future value as a percent of the cash price. Each row covers bikes up to maxAgeYears
 * old, agreements up to maxTermMonths long and up to maxAnnualDistance miles a year; the lookup takes the
 * tightest row that covers the request, the way lenders publish their RV grids in bands.
 */
export interface ResidualValueBand {
  readonly maxAgeYears: number
  readonly maxTermMonths: number
  readonly maxAnnualDistance: number
  readonly percentOfCashPrice: number
}

export interface Lender {
  readonly name: string
  readonly funderCode: string
  readonly products: readonly FinanceType[]
  /** Searched in order; the first band that fits wins, so list exceptions before the general case. */
  readonly aprBands: readonly AprBand[]
  readonly minTermMonths: number
  readonly maxTermMonths: number
  readonly minDepositPercent: number
  /** Lenders refuse bikes that would be older than this when the agreement ends. */
  readonly maxAgeAtEndOfTermYears: number
  /** Lenders refuse used bikes that have already covered more than this. */
  readonly maxOdometerMiles: number
  readonly minAdvancePence: Pence
  readonly maxAdvancePence: Pence
  readonly acceptanceFeePence: Pence
  readonly optionToPurchaseFeePence: Pence
  readonly residualValues: readonly ResidualValueBand[]
}

export interface BikeForFinance {
  readonly cashPricePence: Pence
  readonly condition: BikeCondition
  /** ISO date (2021-03-31) or timestamp; a used bike needs one, a new bike is taken as age 0. */
  readonly registrationDate: string | null
  readonly odometerMiles: number
}

export interface PanelRequest {
  /** Agreement length in months, as the engine reads it (PCP: monthly payments + the final month). */
  readonly termMonths: number
  readonly depositPence: Pence
  readonly annualDistance: number
  readonly valueAddedProductsPence?: Pence
  /** A part-exchange's shortfall against its settlement, financed with the bike (see quote-engine). */
  readonly negativeEquityPence?: Pence
  /** The day the quote is for; passed in so the selection stays pure. */
  readonly asOf: Date
}

export interface PanelQuote {
  readonly lenderName: string
  readonly funderCode: string
  readonly product: FinanceType
  readonly outcome: QuoteOutcome
}

/** Whole months from registration to asOf, by calendar date in UTC; never negative. */
export function bikeAgeInMonths(registrationDate: string, asOf: Date): number | null {
  const registered = new Date(registrationDate)
  if (Number.isNaN(registered.getTime())) return null
  let months = (asOf.getUTCFullYear() - registered.getUTCFullYear()) * 12 + (asOf.getUTCMonth() - registered.getUTCMonth())
  if (asOf.getUTCDate() < registered.getUTCDate()) months -= 1
  return Math.max(0, months)
}

/** The APR band for a bike and term, or undefined when the lender has no rate for it. */
export function findAprBand(lender: Lender, product: FinanceType, condition: BikeCondition, ageYears: number, termMonths: number): AprBand | undefined {
  return lender.aprBands.find(
    (band) =>
      band.product === product &&
      (band.condition === 'any' || band.condition === condition) &&
      ageYears >= band.minAgeYears &&
      ageYears <= band.maxAgeYears &&
      termMonths >= band.minTermMonths &&
      termMonths <= band.maxTermMonths,
  )
}

/** The tightest residual-value row covering the request, or undefined when none does. */
export function findResidualValue(lender: Lender, ageYears: number, termMonths: number, annualDistance: number): ResidualValueBand | undefined {
  const covering = lender.residualValues.filter(
    (row) => ageYears <= row.maxAgeYears && termMonths <= row.maxTermMonths && annualDistance <= row.maxAnnualDistance,
  )
  let best: ResidualValueBand | undefined
  for (const row of covering) {
    if (
      !best ||
      row.maxAgeYears < best.maxAgeYears ||
      (row.maxAgeYears === best.maxAgeYears && row.maxTermMonths < best.maxTermMonths) ||
      (row.maxAgeYears === best.maxAgeYears && row.maxTermMonths === best.maxTermMonths && row.maxAnnualDistance < best.maxAnnualDistance)
    ) {
      best = row
    }
  }
  return best
}

/**
 * The balloon for a residual-value percent, rounded down to the whole pound: guaranteed future values are
 * stated in pounds (iVendi's 2741), and rounding down keeps the guarantee within the lender's percent.
 */
export function balloonFromPercent(cashPricePence: Pence, percentOfCashPrice: number): Pence {
  const pounds = Math.floor((cashPricePence * percentOfCashPrice) / 100 / 100 + 1e-9)
  return Math.max(0, pounds) * 100
}

/**
 * Every lender × product on the panel, each with the engine's quote or the reasons it cannot quote.
 * All the lender's objections are listed together, so the customer sees every change needed at once.
 */
export function quotePanel(panel: readonly Lender[], bike: BikeForFinance, request: PanelRequest): PanelQuote[] {
  const quotes: PanelQuote[] = []
  for (const lender of panel) {
    for (const product of lender.products) {
      quotes.push({ lenderName: lender.name, funderCode: lender.funderCode, product, outcome: quoteLender(lender, product, bike, request) })
    }
  }
  return quotes
}

function quoteLender(lender: Lender, product: FinanceType, bike: BikeForFinance, request: PanelRequest): QuoteOutcome {
  const errors: string[] = []
  const term = request.termMonths

  let ageMonths: number | null = 0
  if (bike.condition === 'used') {
    ageMonths = bike.registrationDate ? bikeAgeInMonths(bike.registrationDate, request.asOf) : null
    if (ageMonths === null) errors.push('A used bike needs a valid registration date for a finance quote.')
  }
  const ageYears = Math.floor((ageMonths ?? 0) / 12)

  if (term < lender.minTermMonths || term > lender.maxTermMonths) {
    errors.push(`Term must be from ${lender.minTermMonths} to ${lender.maxTermMonths} months with ${lender.name}.`)
  }
  const totalCashPricePence = bike.cashPricePence + (request.valueAddedProductsPence ?? 0)
  // Compare in hundredths of a percent so a 10% minimum on £6,499 is not missed by float noise.
  if (request.depositPence * 100 < lender.minDepositPercent * totalCashPricePence - 1e-6) {
    const minimum = Math.ceil((lender.minDepositPercent * totalCashPricePence) / 100 - 1e-9)
    errors.push(`Deposit must be at least ${lender.minDepositPercent}% (${formatPence(minimum)}) with ${lender.name}.`)
  }
  const advancePence = totalCashPricePence + (request.negativeEquityPence ?? 0) - request.depositPence
  if (advancePence < lender.minAdvancePence || advancePence > lender.maxAdvancePence) {
    errors.push(`The amount borrowed must be from ${formatPence(lender.minAdvancePence)} to ${formatPence(lender.maxAdvancePence)} with ${lender.name}.`)
  }
  if (ageMonths !== null && (ageMonths + term) / 12 > lender.maxAgeAtEndOfTermYears) {
    errors.push(`The bike would be more than ${lender.maxAgeAtEndOfTermYears} years old by the end of the agreement.`)
  }
  if (bike.odometerMiles > lender.maxOdometerMiles) {
    errors.push(`${lender.name} lends on bikes with up to ${numberText(lender.maxOdometerMiles)} miles.`)
  }
  const band = findAprBand(lender, product, bike.condition, ageYears, term)
  if (!band) errors.push(`${lender.name} has no ${product} rate for this bike over ${term} months.`)

  let balloonPence = 0
  if (product === 'PCP') {
    const residual = findResidualValue(lender, ageYears, term, request.annualDistance)
    if (residual) balloonPence = balloonFromPercent(bike.cashPricePence, residual.percentOfCashPrice)
    else errors.push(`No guaranteed future value for this bike over ${term} months at ${request.annualDistance} miles a year.`)
  }

  if (errors.length > 0 || !band) return { ok: false, errors }
  return quoteFinance({
    product,
    cashPricePence: bike.cashPricePence,
    valueAddedProductsPence: request.valueAddedProductsPence ?? 0,
    depositPence: request.depositPence,
    negativeEquityPence: request.negativeEquityPence ?? 0,
    aprPercent: band.aprPercent,
    termMonths: term,
    balloonPence: product === 'PCP' ? balloonPence : undefined,
    acceptanceFeePence: lender.acceptanceFeePence,
    optionToPurchaseFeePence: lender.optionToPurchaseFeePence,
  })
}

/** Rows for one age band of an RV grid: `byTerm` maps a term ceiling to percents in `distances` order. */
export function residualGrid(
  maxAgeYears: number,
  distances: readonly number[],
  byTerm: readonly (readonly [maxTermMonths: number, percents: readonly number[]])[],
): ResidualValueBand[] {
  return byTerm.flatMap(([maxTermMonths, percents]) =>
    distances.map((maxAnnualDistance, index) => ({ maxAgeYears, maxTermMonths, maxAnnualDistance, percentOfCashPrice: percents[index] ?? 0 })),
  )
}
