// The finance quote client's rules (spec §5, §9): inputs cleaned and defaulted, the iVendi request built, usable quotes picked.
import { penceToPounds, poundsToPence, type Pence } from '../money'
import type {
  IvendiFigures,
  IvendiErrorFlags,
  IvendiIdentityType,
  IvendiProductQuote,
  IvendiQuoteRequest,
  IvendiQuoteResponse,
  IvendiValueAddedProduct,
} from './ivendi-types'

/** Spec §5: the exact messages when a quote has nothing to identify the bike by. */
export const USED_BIKE_IDENTITY_ERROR = 'neither vrm nor capCode can be null'
export const NEW_BIKE_IDENTITY_ERROR = 'capCode cannot be null'

/** iVendi reads CAP codes as fixed-width, 20-character fields. */
export const CAP_CODE_LENGTH = 20

export interface FinanceTerms {
  readonly termMonths: number
  readonly annualDistance: number
  readonly depositPence: Pence
}

/** Spec §9: what the finance widget starts from before the customer changes anything. */
export const FINANCE_WIDGET_DEFAULTS = { termMonths: 36, annualDistance: 3000, depositPercent: 10 } as const

/** Spec §9: what a quote call uses for anything its caller leaves out. */
export const QUOTE_CALL_DEFAULTS: FinanceTerms = { termMonths: 24, annualDistance: 10000, depositPence: 0 }

/** Registration marks are sent without spaces ("CX17 HHA" → "CX17HHA"); blank counts as missing. */
export function normaliseVrm(vrm: string | null | undefined): string | null {
  const stripped = (vrm ?? '').replace(/\s+/g, '')
  return stripped === '' ? null : stripped
}

/** CAP codes are padded with trailing spaces to 20 characters; a longer code is sent as is, never cut. */
export function padCapCode(capCode: string | null | undefined): string | null {
  const trimmed = (capCode ?? '').trim()
  return trimmed === '' ? null : trimmed.padEnd(CAP_CODE_LENGTH, ' ')
}

export type AssetIdentity =
  | { readonly ok: true; readonly identityType: Extract<IvendiIdentityType, 'VRM' | 'RVC'>; readonly identity: string }
  | { readonly ok: false; readonly error: typeof USED_BIKE_IDENTITY_ERROR | typeof NEW_BIKE_IDENTITY_ERROR }

/**
 * How iVendi will recognise the bike. A used bike goes by its registration (iVendi looks it up) and falls
 * back to its CAP code; a new bike has no registration history to look up, so only its CAP code will do,
 * which is why its error names capCode alone.
 */
export function assetIdentity(bike: { readonly used: boolean; readonly vrm?: string | null; readonly capCode?: string | null }): AssetIdentity {
  const vrm = normaliseVrm(bike.vrm)
  const capCode = padCapCode(bike.capCode)
  if (bike.used) {
    if (vrm) return { ok: true, identityType: 'VRM', identity: vrm }
    if (capCode) return { ok: true, identityType: 'RVC', identity: capCode }
    return { ok: false, error: USED_BIKE_IDENTITY_ERROR }
  }
  if (capCode) return { ok: true, identityType: 'RVC', identity: capCode }
  return { ok: false, error: NEW_BIKE_IDENTITY_ERROR }
}

/**
 * A product's price text ("£6,499.00", "&pound;6,499", "6 499") in pence, or null when it is not a
 * single plain amount. The CMS hands prices over as display text, so symbols and separators go first.
 */
export function parsePriceText(text: string | null | undefined): Pence | null {
  if (text === null || text === undefined) return null
  const cleaned = text
    .replace(/&(pound|#163|#x0*a3);/gi, '')
    .replace(/GBP/gi, '')
    .replace(/[£$€,\s]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
  return poundsToPence(Number(cleaned))
}

/** Spec §9: the price finance is quoted on is the product price plus any extra fee (e.g. on-the-road costs). */
export function financePricePence(productPricePence: Pence, extraFeePence?: Pence | null): Pence {
  return productPricePence + (extraFeePence ?? 0)
}

/** 10% of the price, rounded up to the next whole £100 (£6,499 → £700), so the starting deposit is a round sum. */
export function defaultDepositPence(pricePence: Pence): Pence {
  // One division of whole numbers, so an exact £700 stays £700 rather than creeping to £800.
  return Math.ceil((Math.max(0, pricePence) * FINANCE_WIDGET_DEFAULTS.depositPercent) / (100 * 10000)) * 10000
}

export interface ProductPromotion {
  readonly offerType: string | null
  readonly financeOptionsAdjustment: {
    readonly termInMonths?: number | null
    readonly annualDistance?: number | null
    /** In pence, like every sum in the domain; the CMS adapter converts. */
    readonly cashDepositPence?: Pence | null
  } | null
}

export const FINANCE_OFFER = 'Finance Offer'

/**
 * The terms the finance widget opens with for a finance price (spec §9), after the product's first
 * 'Finance Offer' promotion. Term and mileage override only when above 0, because 0 in the CMS means
 * "not set"; the deposit overrides from 0 up, because a £0 deposit is itself the offer.
 */
export function financeWidgetTerms(financePrice: Pence, promotions?: readonly ProductPromotion[] | null): FinanceTerms {
  const terms = {
    termMonths: FINANCE_WIDGET_DEFAULTS.termMonths as number,
    annualDistance: FINANCE_WIDGET_DEFAULTS.annualDistance as number,
    depositPence: defaultDepositPence(financePrice),
  }
  const adjustment = promotions?.find((promotion) => promotion.offerType === FINANCE_OFFER)?.financeOptionsAdjustment
  if (!adjustment) return terms
  if (typeof adjustment.termInMonths === 'number' && adjustment.termInMonths > 0) terms.termMonths = adjustment.termInMonths
  if (typeof adjustment.annualDistance === 'number' && adjustment.annualDistance > 0) terms.annualDistance = adjustment.annualDistance
  if (typeof adjustment.cashDepositPence === 'number' && adjustment.cashDepositPence >= 0) terms.depositPence = adjustment.cashDepositPence
  return terms
}

/** Fill what a quote call's caller left out (null or undefined) with the quote-call defaults; 0 is kept. */
export function withQuoteDefaults(terms: { readonly termMonths?: number | null; readonly annualDistance?: number | null; readonly depositPence?: Pence | null }): FinanceTerms {
  return {
    termMonths: terms.termMonths ?? QUOTE_CALL_DEFAULTS.termMonths,
    annualDistance: terms.annualDistance ?? QUOTE_CALL_DEFAULTS.annualDistance,
    depositPence: terms.depositPence ?? QUOTE_CALL_DEFAULTS.depositPence,
  }
}

export interface IvendiClientConfig {
  /** Credentials.Username: the dealership's iVendi account. */
  readonly username: string
  readonly quoteeUid: string
  /** CF Moto bikes are quoted under their own iVendi quotee (spec §7). */
  readonly cfMotoQuoteeUid: string
}

export const CF_MOTO_BRAND_SLUG = 'cf-moto'

export function quoteeUidForBrand(brandSlug: string | null | undefined, config: Pick<IvendiClientConfig, 'quoteeUid' | 'cfMotoQuoteeUid'>): string {
  return brandSlug === CF_MOTO_BRAND_SLUG ? config.cfMotoQuoteeUid : config.quoteeUid
}

export interface IvendiQuoteInput {
  readonly brandSlug?: string | null
  readonly cashPricePence: Pence
  readonly depositPence?: Pence | null
  readonly termMonths?: number | null
  readonly annualDistance?: number | null
  readonly partExchangePence?: Pence | null
  readonly used: boolean
  readonly vrm?: string | null
  readonly capCode?: string | null
  /** ISO date or timestamp from the CMS, or already dd/MM/yyyy. */
  readonly registrationDate?: string | null
  readonly currentOdometerReading?: number | null
  readonly stockIdentity?: string | null
  readonly valueAddedProducts?: readonly { readonly description: string; readonly grossPricePence: Pence }[]
  readonly imageUrl?: string | null
  /** The day of the quote; a new bike is sent with it as its registration date. */
  readonly quoteDate?: Date
  readonly contact?: { readonly email?: string | null; readonly postcode?: string | null; readonly ipAddress?: string | null; readonly userAgent?: string | null }
}

export type IvendiRequestBuild = { readonly ok: true; readonly request: IvendiQuoteRequest } | { readonly ok: false; readonly error: string }

/** iVendi's MotorVehicleClass for motorcycles and scooters (Quoteware parameters: Default, Car, LCV, Motorbike). */
export const MOTORBIKE_CLASS = 'Motorbike'
export const NEW_VEHICLE_REGISTRATION_MARK = 'NEW'

/** iVendi's value-added product type for accessories, and its tax code for standard-rated VAT, as our client sends them. */
const VALUE_ADDED_PRODUCT_TYPE_CODE = 13
const VALUE_ADDED_PRODUCT_TAX_CODE = 1

/**
 * The iVendi quote request for one bike, laid out exactly as iVendi's published example; the fields we
 * have no use for keep the example's neutral values. Fails only when the bike cannot be identified.
 */
export function buildIvendiQuoteRequest(input: IvendiQuoteInput, config: IvendiClientConfig): IvendiRequestBuild {
  const identity = assetIdentity(input)
  if (!identity.ok) return { ok: false, error: identity.error }
  const terms = withQuoteDefaults(input)
  const vrm = normaliseVrm(input.vrm)
  // A new vehicle has no registration date; iVendi's "New Vehicle" page asks for the quote's own date.
  const registrationDate = input.registrationDate
    ? ivendiDate(input.registrationDate)
    : !input.used && input.quoteDate
      ? londonDate.format(input.quoteDate)
      : null
  const valueAddedProducts: IvendiValueAddedProduct[] = (input.valueAddedProducts ?? []).map((product) => ({
    GrossPrice: penceToPounds(product.grossPricePence),
    TypeCode: VALUE_ADDED_PRODUCT_TYPE_CODE,
    Description: product.description,
    TaxCode: VALUE_ADDED_PRODUCT_TAX_CODE,
  }))

  return {
    ok: true,
    request: {
      HtmlOptions: {
        IncludeOptions: false,
        AsHtml: false,
        ImageUrl: input.imageUrl ?? null,
        ReturnUrl: null,
        Make: null,
        Model: null,
        Derivative: null,
        Channel: null,
        RegDate: null,
        DealerId: null,
        VehicleMileage: null,
        EncryptedVrm: null,
      },
      Credentials: { Username: config.username, Mode: 0 },
      DealershipEnrichment: {
        IpAddress: input.contact?.ipAddress ?? null,
        Email: input.contact?.email ?? null,
        Postcode: input.contact?.postcode ?? null,
        SearchMeta: null,
        UserAgent: input.contact?.userAgent ?? null,
        UserGenerated: true,
        TraceRequest: false,
        PersistRequestResponse: true,
      },
      QuoteRequests: [
        {
          ProductRequestUID: null,
          IsPlatformProductRequest: false,
          QuoteeUID: quoteeUidForBrand(input.brandSlug, config),
          GlobalRequestSettings: null,
          GlobalRequestParameters: {
            Rate: 0,
            RateType: 'Default',
            Commission: 0,
            CommissionType: 'Default',
            ComputationPath: 'Default',
            Term: terms.termMonths,
            TermUnit: 'Default',
            PaymentRangeFrom: 0,
            PaymentRangeTo: 0,
            RegularPayment: 0,
          },
          Requests: [
            {
              CreditTier: '',
              Figures: {
                CashPrice: penceToPounds(input.cashPricePence),
                CashDeposit: penceToPounds(terms.depositPence),
                Asset: {
                  ManualResidualValue: 0,
                  ResidualValueYear: 0,
                  ResidualValueMonth: 0,
                  AnnualDistance: terms.annualDistance,
                  PartExchange: penceToPounds(input.partExchangePence ?? 0),
                  OutstandingSettlement: 0,
                  VATIncluded: 'None',
                  VATQualifying: 'None',
                  Extras: null,
                  ...(valueAddedProducts.length > 0 ? { ValueAddedProducts: valueAddedProducts } : {}),
                },
              },
              Asset: {
                CurrentOdometerReading: input.currentOdometerReading ?? 0,
                RegistrationDate: registrationDate,
                // iVendi's "New Vehicle" page: a new vehicle without a registration is sent as "NEW".
                RegistrationMark: vrm ?? (input.used ? null : NEW_VEHICLE_REGISTRATION_MARK),
                Condition: input.used ? 'Used' : 'New',
                Source: 'Default',
                Identity: identity.identity,
                IdentityType: identity.identityType,
                StockIdentity: input.stockIdentity ?? null,
                StockingDate: null,
                StockLocation: null,
                Class: MOTORBIKE_CLASS,
                CubicCentimetres: 0,
                EntityType: 'None',
              },
              RequestSettings: null,
              RequestParameters: null,
            },
          ],
        },
      ],
      PlatformMeta: null,
    },
  }
}

const londonDate = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/London' })

/**
 * dd/MM/yyyy as iVendi's example sends it. A bare ISO date is rearranged, not parsed, because parsing would
 * shift it a day in some time zones; a timestamp is read as the London calendar date the CMS meant.
 */
export function ivendiDate(value: string): string | null {
  const trimmed = value.trim()
  if (/^\d{2}\/\d{2}\/\d{4}$/.test(trimmed)) return trimmed
  const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed)
  if (isoDate) return `${isoDate[3]}/${isoDate[2]}/${isoDate[1]}`
  const parsed = new Date(trimmed)
  return Number.isNaN(parsed.getTime()) ? null : londonDate.format(parsed)
}

export type UsableProductQuote = IvendiProductQuote & { readonly Figures: IvendiFigures }

function carriesErrors(node: IvendiErrorFlags): boolean {
  if (node.hasErrors) return true
  const errors = node.Errors
  if (!errors) return false
  return errors.hasPublicErrors || errors.hasPrivateErrors || (errors.PublicErrors?.length ?? 0) > 0 || (errors.PrivateErrors?.length ?? 0) > 0
}

/**
 * The product quotes that may be offered (spec §5, §9): only from a response, quote result, result and
 * product group that each have results and no errors, skipping product quotes with errors or without
 * figures; cheapest regular payment first.
 */
export function usableProductQuotes(response: IvendiQuoteResponse | null | undefined): UsableProductQuote[] {
  if (!response || !response.hasQuoteResults || carriesErrors(response)) return []
  const usable: UsableProductQuote[] = []
  for (const quoteResult of response.QuoteResults ?? []) {
    if (!quoteResult.hasResults || carriesErrors(quoteResult)) continue
    for (const result of quoteResult.Results ?? []) {
      if (carriesErrors(result)) continue
      for (const group of result.ProductGroups ?? []) {
        if (carriesErrors(group)) continue
        for (const quote of group.ProductQuotes ?? []) {
          if (carriesErrors(quote) || !quote.Figures) continue
          usable.push({ ...quote, Figures: quote.Figures })
        }
      }
    }
  }
  return usable.sort((a, b) => a.Figures.RegularPayment - b.Figures.RegularPayment)
}
