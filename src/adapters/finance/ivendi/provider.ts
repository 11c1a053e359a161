// The built-in quote provider: an iVendi Quoteware request in, an iVendi-shaped response out, quoted by our own engine over the lender panel.
import { z } from '../../../lib/zod'
import { penceToPounds, poundsToPence } from '../../../domain/money'
import type { FinanceQuote } from '../../../domain/finance/quote-engine'
import type {
  IvendiErrorFlags,
  IvendiErrors,
  IvendiFigures,
  IvendiProductGroup,
  IvendiProductQuote,
  IvendiQuoteResponse,
  IvendiQuoteResult,
  IvendiResult,
  IvendiValueAddedProduct,
} from './types'
import { bikeAgeInMonths, quotePanel, type BikeCondition, type Lender } from '../../../domain/finance/rate-table'
import { partExchangeNet } from '../../../domain/finance/part-exchange'

/** How long a quote may be ordered against; iVendi's example quotes expire after about two weeks. */
export const QUOTE_VALIDITY_DAYS = 14

// Error numbers are ours, in iVendi's style (its example uses 516, 517, 522, 523).
export const PROVIDER_ERRORS = {
  malformed: 400,
  credentials: 401,
  identity: 510,
  registrationDate: 511,
  lenderRefused: 520,
  noProducts: 530,
} as const

const money = z.number().finite().min(0).max(10_000_000)
const text = (max: number) => z.string().max(max)

const valueAddedProductSchema = z.object({
  GrossPrice: money,
  TypeCode: z.number().int(),
  Description: text(200),
  TaxCode: z.number().int(),
})

/**
 * What the provider reads of a request. Fields it does not use are let through untouched (iVendi sends
 * many), but the ones it quotes on must be there with the right types, or the answer is 400.
 */
export const ivendiQuoteRequestSchema = z.looseObject({
  Credentials: z.looseObject({ Username: text(100), Mode: z.number().int().optional() }),
  QuoteRequests: z
    .array(
      z.looseObject({
        QuoteeUID: text(100).min(1),
        GlobalRequestParameters: z.looseObject({ Term: z.number().int().min(1).max(240) }),
        Requests: z
          .array(
            z.looseObject({
              Figures: z.looseObject({
                CashPrice: money.positive(),
                CashDeposit: money,
                // Tolerated here too, though our client sends them in Figures.Asset.
                ValueAddedProducts: z.array(valueAddedProductSchema).max(50).nullish(),
                Asset: z.looseObject({
                  AnnualDistance: z.number().int().min(0).max(200_000),
                  PartExchange: money.optional(),
                  OutstandingSettlement: money.optional(),
                  ValueAddedProducts: z.array(valueAddedProductSchema).max(50).nullish(),
                }),
              }),
              Asset: z.looseObject({
                Class: text(20).optional(),
                Condition: text(20),
                CurrentOdometerReading: z.number().int().min(0).max(2_000_000).nullish(),
                RegistrationDate: text(40).nullish(),
                RegistrationMark: text(20).nullish(),
                Identity: text(40).nullish(),
                IdentityType: text(20).nullish(),
                StockIdentity: text(100).nullish(),
              }),
            }),
          )
          .min(1)
          .max(10),
      }),
    )
    .min(1)
    .max(10),
})

export type ParsedIvendiRequest = z.infer<typeof ivendiQuoteRequestSchema>

export interface ProviderContext {
  readonly panel: readonly Lender[]
  readonly now: Date
  readonly uid: () => string
}

/** iVendi's "/Date(ms+0000)/" form, as in its published response. */
export function ivendiWireDate(date: Date): string {
  return `/Date(${date.getTime()}+0000)/`
}

const NO_ERRORS = { Errors: null, hasErrors: false, hasWarnings: false, Warnings: null } as const

function publicErrors(messages: readonly { Message: string; Number: number }[]): IvendiErrors {
  return { hasPrivateErrors: false, hasPublicErrors: true, PublicErrors: messages, PrivateErrors: null }
}

function withErrors(messages: readonly { Message: string; Number: number }[]): IvendiErrorFlags {
  return { Errors: publicErrors(messages), hasErrors: true, hasWarnings: false, Warnings: null }
}

/** The whole response for a request that could not be read (HTTP 400) or was refused (401). */
export function ivendiErrorResponse(messages: readonly string[], number: number, uid: () => string): IvendiQuoteResponse {
  return {
    hasQuoteResults: false,
    QuotedResultsUID: uid(),
    QuoteResults: null,
    ResponseUID: uid(),
    ...withErrors(messages.map((Message) => ({ Message, Number: number }))),
  }
}

/** zod issues as short messages naming the field, e.g. "QuoteRequests.0.Requests.0.Figures.CashPrice: …". */
export function requestProblems(error: z.ZodError): string[] {
  return error.issues.slice(0, 20).map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`)
}

/** dd/MM/yyyy (the example's form), ISO, or "/Date(ms)/" to an ISO date; null when none of them. */
export function readIvendiDate(value: string | null | undefined): string | null {
  if (!value) return null
  const trimmed = value.trim()
  const uk = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(trimmed)
  if (uk) return `${uk[3]}-${uk[2]}-${uk[1]}`
  const wire = /^\/Date\((-?\d+)/.exec(trimmed)
  const parsed = wire ? new Date(Number(wire[1])) : new Date(trimmed)
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString().slice(0, 10)
}

function conditionOf(condition: string, registrationIso: string | null, now: Date): BikeCondition {
  const c = condition.toLowerCase()
  if (c === 'new') return 'new'
  if (c === 'used') return 'used'
  // "Default": a bike registered more than a month ago is used.
  if (!registrationIso) return 'new'
  return (bikeAgeInMonths(registrationIso, now) ?? 0) >= 1 ? 'used' : 'new'
}

/** The iVendi Figures for one of our engine's quotes, amounts in pounds. */
export function ivendiFigures(
  quote: FinanceQuote,
  extras: { readonly annualDistance: number; readonly partExchangePence: number; readonly outstandingSettlementPence?: number; readonly valueAddedProducts: readonly IvendiValueAddedProduct[] | null },
): IvendiFigures {
  const net = partExchangeNet({ valuePence: extras.partExchangePence, settlementPence: extras.outstandingSettlementPence ?? 0 })
  const monthly = quote.numberOfMonthlyPayments
  // iVendi counts the payments between FirstPayment and FinalPayment: HP 54 → 52, PCP 36 monthly + final → 35.
  const regularCount = Math.max(0, quote.product === 'HP' ? monthly - 2 : monthly - 1)
  const totalPayable = penceToPounds(quote.totalPayablePence)
  return {
    AcceptanceFee: penceToPounds(quote.acceptanceFeePence),
    AcceptanceFeeSpread: false,
    AdditionalDeposit: 0,
    Advance: penceToPounds(quote.advancePence),
    AER: quote.aerPercent,
    APR: quote.aprPercent,
    Asset: {
      __type: 'QuotewareV3.Core.ProductQuoteAssetMotorVehicle, QuotewareV3.Core',
      AdjustedDistance: false,
      AdjustedTerm: false,
      AnnualDistanceQuoted: extras.annualDistance,
      ChargePerOverDistanceUnit: 0,
      Equity: penceToPounds(net.equityPence),
      FinanceDepositAllowance: 0,
      FinanceDepositAllowances: null,
      NegativeEquity: penceToPounds(net.negativeEquityPence),
      OutstandingSettlement: penceToPounds(extras.outstandingSettlementPence ?? 0),
      OutstandingSource: null,
      PartExchange: penceToPounds(extras.partExchangePence),
      RVDataSet: quote.product === 'PCP' ? 'Wheelhouse panel' : null,
      RVDataSetMonth: 0,
      RVDataSetYear: 0,
      RVPercentageUsed: quote.product === 'PCP' ? 100 : 0,
      ValueAddedProducts: extras.valueAddedProducts && extras.valueAddedProducts.length > 0 ? extras.valueAddedProducts : null,
      VATQualifying: 'None',
      ExcludeVatAsDeposit: 'None',
    },
    Balloon: penceToPounds(quote.balloonPence),
    BalloonAtTerm: quote.product === 'PCP',
    BaseRate: quote.aprPercent,
    CustomerRate: quote.aprPercent,
    EarlySettlements: null,
    FinalPayment: penceToPounds(quote.finalPaymentPence),
    FirstPayment: penceToPounds(quote.firstPaymentPence),
    FlatRate: quote.flatRatePercent,
    FullFees: null,
    InitialPause: 0,
    InterestCharges: penceToPounds(quote.interestChargesPence),
    InterestRate: quote.nominalInterestRatePercent,
    InterestRateRateType: 'Yield',
    NumberOfRegularPayments: regularCount,
    OptionFeeSpread: false,
    OptionToPurchaseFee: penceToPounds(quote.optionToPurchaseFeePence),
    PaymentSchedules: quote.schedule.map((run, index) => ({ Amount: penceToPounds(run.amountPence), Number: run.number, Period: index + 1 })),
    ProductRateType: 'APR',
    RegularPayment: penceToPounds(quote.regularPaymentPence),
    // Consumer Credit Act s.90 and s.100: a third and a half of the total amount payable, as iVendi reports them.
    Repossession: Math.round(quote.totalPayablePence / 3) / 100,
    Subsidy: 0,
    Term: quote.termMonths,
    Termination: Math.round(quote.totalPayablePence / 2) / 100,
    TermQuoted: quote.termMonths,
    TermUnit: 'Default',
    TotalCashPrice: penceToPounds(quote.totalCashPricePence),
    TotalCharges: penceToPounds(quote.totalChargeForCreditPence),
    TotalDeposit: penceToPounds(quote.depositPence),
    TotalPayable: totalPayable,
    ValueAddedTax: 0,
    ValueAddedTaxAsDeposit: false,
  }
}

const PRODUCT_NAMES = { HP: 'Hire Purchase', PCP: 'Personal Contract Purchase' } as const

/**
 * Quote a parsed request over the panel. Every lender × product appears: with Figures when it can lend,
 * with Errors and Figures null when it cannot, as iVendi answers. A request whose bike cannot be identified
 * or dated gets its errors at the Result level and no product groups.
 */
export function answerIvendiQuoteRequest(request: ParsedIvendiRequest, context: ProviderContext): IvendiQuoteResponse {
  const { now, uid } = context
  const quotedAt = ivendiWireDate(now)
  const expiresAt = ivendiWireDate(new Date(now.getTime() + QUOTE_VALIDITY_DAYS * 86_400_000))

  const quoteResults: IvendiQuoteResult[] = request.QuoteRequests.map((quoteRequest) => {
    const quoteeUid = quoteRequest.QuoteeUID.toLowerCase()
    const term = quoteRequest.GlobalRequestParameters.Term
    const results: IvendiResult[] = quoteRequest.Requests.map((item) => {
      const asset = item.Asset
      const figures = item.Figures
      const registrationIso = readIvendiDate(asset.RegistrationDate)
      const condition = conditionOf(asset.Condition, registrationIso, now)
      const identity = asset.Identity?.trim() || asset.RegistrationMark?.replace(/\s+/g, '') || ''
      const ageMonths = condition === 'used' && registrationIso ? (bikeAgeInMonths(registrationIso, now) ?? 0) : 0
      // A part-exchange's equity counts as deposit; negative equity (more owed than it is worth) is financed.
      const partExchangePence = poundsToPence(figures.Asset.PartExchange ?? 0)
      const outstandingSettlementPence = poundsToPence(figures.Asset.OutstandingSettlement ?? 0)
      const partExchange = partExchangeNet({ valuePence: partExchangePence, settlementPence: outstandingSettlementPence })
      const depositPence = poundsToPence(figures.CashDeposit) + partExchange.equityPence
      const vaps = figures.Asset.ValueAddedProducts ?? figures.ValueAddedProducts ?? []
      const vapPence = vaps.reduce((sum, v) => sum + poundsToPence(v.GrossPrice), 0)
      const annualDistance = figures.Asset.AnnualDistance
      const resultBase = {
        Asset: {
          __type: 'QuotewareV3.Core.ResultAssetMotorVehicle, QuotewareV3.Core',
          Age: ageMonths,
          AgeIdentifier: registrationIso ? registrationIso.slice(2, 4) : '',
          AgeUnit: 'Months',
          Class: asset.Class ?? 'Motorbike',
          Condition: condition === 'new' ? 'New' : 'Used',
          CurrentOdometerReading: asset.CurrentOdometerReading ?? 0,
          EntityType: 'None',
          Identity: identity,
          IdentityType: asset.IdentityType ?? 'Default',
          CapCodeOverridden: null,
          RegistrationDate: registrationIso ? ivendiWireDate(new Date(`${registrationIso}T00:00:00Z`)) : null,
          RegistrationMark: asset.RegistrationMark ?? null,
          RequestedAnnualDistance: annualDistance,
          RequestedDeposit: figures.CashDeposit,
          RequestedTerm: term,
          RequestedTermUnit: 'Default',
          Source: 'RegionCurrent',
          StockIdentity: asset.StockIdentity ?? null,
          StockingDays: 0,
          StockLocation: null,
          TermDistance: Math.round((annualDistance * term) / 12) + (asset.CurrentOdometerReading ?? 0),
          VrmEnabled: asset.IdentityType === 'VRM',
        },
        hasProductGroupWithinPaymentRange: 'False',
        ProductPackageUID: uid(),
        QuotedProductPackageUID: uid(),
        Request: null,
        ResultUID: uid(),
      }

      const refusals: { Message: string; Number: number }[] = []
      if (!identity) refusals.push({ Message: 'The vehicle needs a VRM or a CAP code (RVC) to be quoted', Number: PROVIDER_ERRORS.identity })
      if (condition === 'used' && !registrationIso) refusals.push({ Message: 'A used vehicle needs its registration date', Number: PROVIDER_ERRORS.registrationDate })
      if (refusals.length > 0) {
        return { ...resultBase, hasProductGroup: false, ProductGroups: null, ...withErrors(refusals) }
      }

      const panelQuotes = quotePanel(
        context.panel,
        { cashPricePence: poundsToPence(figures.CashPrice), condition, registrationDate: registrationIso, odometerMiles: asset.CurrentOdometerReading ?? 0 },
        { termMonths: term, depositPence, annualDistance, valueAddedProductsPence: vapPence, negativeEquityPence: partExchange.negativeEquityPence, asOf: now },
      )
      const groups: IvendiProductGroup[] = (['HP', 'PCP'] as const).flatMap((facility) => {
        const inGroup = panelQuotes.filter((q) => q.product === facility)
        if (inGroup.length === 0) return []
        const productQuotes: IvendiProductQuote[] = inGroup.map((panelQuote) => {
          const base = {
            BaseCfcUrl: null,
            FacilitatorCode: panelQuote.funderCode,
            FacilityType: facility,
            FunderCode: panelQuote.funderCode,
            FunderProductCode: facility,
            ParentQuoteUID: null,
            ProductCode: facility,
            ProductName: `${panelQuote.lenderName} ${PRODUCT_NAMES[facility]}`,
            ProductUID: uid(),
            CreditTier: 'None',
            QuotedDateTime: quotedAt,
            QuoteeProductCode: facility,
            QuoteeUid: quoteeUid,
            QuoteUID: uid(),
          }
          if (!panelQuote.outcome.ok) {
            return {
              ...base,
              Commissions: null,
              ExpiryDate: quotedAt,
              Figures: null,
              WithinPaymentRange: 'False',
              ...withErrors(panelQuote.outcome.errors.map((Message) => ({ Message, Number: PROVIDER_ERRORS.lenderRefused }))),
            }
          }
          return {
            ...base,
            Commissions: [{ Amount: 0, Method: 'RRPDiscounting', Type: 'None', Value: 0, VolumeBonus: 0 }],
            ExpiryDate: expiresAt,
            Figures: ivendiFigures(panelQuote.outcome.quote, { annualDistance, partExchangePence, outstandingSettlementPence, valueAddedProducts: vaps }),
            WithinPaymentRange: 'None',
            ...NO_ERRORS,
          }
        })
        return [
          {
            FacilityType: facility,
            hasProductQuote: productQuotes.length > 0,
            hasProductQuoteWithinPaymentRange: 'False',
            ProductGroupUID: uid(),
            ProductQuotes: productQuotes,
            QuotedProductGroupUID: uid(),
            ...NO_ERRORS,
          },
        ]
      })
      if (groups.length === 0) {
        return { ...resultBase, hasProductGroup: false, ProductGroups: null, ...withErrors([{ Message: 'No finance products are set up for this quotee', Number: PROVIDER_ERRORS.noProducts }]) }
      }
      return { ...resultBase, hasProductGroup: true, ProductGroups: groups, ...NO_ERRORS }
    })
    return {
      hasResults: results.length > 0,
      ProductRequestUID: uid(),
      QuotedResultUID: uid(),
      QuoteeUID: quoteeUid,
      QuoteRequest: null,
      Results: results,
      ...NO_ERRORS,
    }
  })

  return { hasQuoteResults: quoteResults.length > 0, QuotedResultsUID: uid(), QuoteResults: quoteResults, ResponseUID: uid(), ...NO_ERRORS }
}
