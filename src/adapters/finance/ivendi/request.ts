// The iVendi Quoteware request for one bike (spec §5, §7), laid out as iVendi's published example, from the
// domain's rules for identifying the bike and defaulting the terms.
import { penceToPounds, type Pence } from '../../../domain/money'
import { assetIdentity, normaliseVrm, withQuoteDefaults } from '../../../domain/finance/quote-client-rules'
import type { IvendiQuoteRequest, IvendiValueAddedProduct } from './types'

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
  /** Finance still owed on the part-exchange, settled by the dealer out of its value. */
  readonly outstandingSettlementPence?: Pence | null
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
                  OutstandingSettlement: penceToPounds(input.outstandingSettlementPence ?? 0),
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
