// The iVendi Quoteware request and response shapes, field for field as in iVendi's published example.
// Amounts on the wire are pounds (7000 = £7,000), not pence; convert at the edge with src/domain/money.ts.

export type IvendiIdentityType = 'VRM' | 'RVC' | 'VIN' | 'Default'
export type IvendiCondition = 'New' | 'Used' | 'Default'

export interface IvendiHtmlOptions {
  readonly IncludeOptions: boolean
  readonly AsHtml: boolean
  readonly ImageUrl: string | null
  readonly ReturnUrl: string | null
  readonly Make: string | null
  readonly Model: string | null
  readonly Derivative: string | null
  readonly Channel: string | null
  readonly RegDate: string | null
  readonly DealerId: string | null
  readonly VehicleMileage: number | null
  readonly EncryptedVrm: string | null
}

export interface IvendiCredentials {
  readonly Username: string
  readonly Mode: number
}

export interface IvendiDealershipEnrichment {
  readonly IpAddress: string | null
  readonly Email: string | null
  readonly Postcode: string | null
  readonly SearchMeta: string | null
  readonly UserAgent: string | null
  readonly UserGenerated: boolean
  readonly TraceRequest: boolean
  readonly PersistRequestResponse: boolean
}

export interface IvendiGlobalRequestParameters {
  readonly Rate: number
  readonly RateType: string
  readonly Commission: number
  readonly CommissionType: string
  readonly ComputationPath: string
  readonly Term: number
  readonly TermUnit: string
  readonly PaymentRangeFrom: number
  readonly PaymentRangeTo: number
  readonly RegularPayment: number
}

/** An accessory or service financed with the bike. TypeCode 13 and TaxCode 1 are what our client sends. */
export interface IvendiValueAddedProduct {
  readonly GrossPrice: number
  readonly TypeCode: number
  readonly Description: string
  readonly TaxCode: number
}

export interface IvendiRequestFiguresAsset {
  readonly ManualResidualValue: number
  readonly ResidualValueYear: number
  readonly ResidualValueMonth: number
  readonly AnnualDistance: number
  readonly PartExchange: number
  readonly OutstandingSettlement: number
  readonly VATIncluded: string
  readonly VATQualifying: string
  readonly Extras: unknown
  /**
   * Accessories financed with the bike. Not in the published example request; placed here because
   * iVendi's response echoes them in ProductQuote.Figures.Asset.ValueAddedProducts (the quote-side
   * twin of this RequestFiguresAsset), and the parameters page lists Figures.Asset as the home of
   * "asset specific figure details" such as Extras.
   */
  readonly ValueAddedProducts?: readonly IvendiValueAddedProduct[]
}

export interface IvendiRequestFigures {
  readonly CashPrice: number
  readonly CashDeposit: number
  readonly Asset: IvendiRequestFiguresAsset
}

export interface IvendiRequestAsset {
  readonly CurrentOdometerReading: number
  /** dd/MM/yyyy, as in the example ("04/06/2017"). */
  readonly RegistrationDate: string | null
  readonly RegistrationMark: string | null
  readonly Condition: IvendiCondition
  readonly Source: string
  readonly Identity: string
  readonly IdentityType: IvendiIdentityType
  readonly StockIdentity: string | null
  readonly StockingDate: string | null
  readonly StockLocation: string | null
  /** MotorVehicleClass: Default, Car, LCV or Motorbike (iVendi's Quoteware parameters page). */
  readonly Class: string
  readonly CubicCentimetres: number
  readonly EntityType: string
}

export interface IvendiRequest {
  readonly CreditTier: string
  readonly Figures: IvendiRequestFigures
  readonly Asset: IvendiRequestAsset
  readonly RequestSettings: unknown
  readonly RequestParameters: unknown
}

export interface IvendiQuoteRequestItem {
  readonly ProductRequestUID: string | null
  readonly IsPlatformProductRequest: boolean
  readonly QuoteeUID: string
  readonly GlobalRequestSettings: unknown
  readonly GlobalRequestParameters: IvendiGlobalRequestParameters
  readonly Requests: readonly IvendiRequest[]
}

export interface IvendiQuoteRequest {
  readonly HtmlOptions: IvendiHtmlOptions
  readonly Credentials: IvendiCredentials
  readonly DealershipEnrichment: IvendiDealershipEnrichment
  readonly QuoteRequests: readonly IvendiQuoteRequestItem[]
  readonly PlatformMeta: unknown
}

export interface IvendiMessage {
  readonly Message: string
  readonly Number: number
}

export interface IvendiErrors {
  readonly hasPrivateErrors: boolean
  readonly hasPublicErrors: boolean
  readonly PublicErrors?: readonly IvendiMessage[] | null
  readonly PrivateErrors?: readonly IvendiMessage[] | null
}

/** The error and warning flags iVendi puts on every level of the response tree. */
export interface IvendiErrorFlags {
  readonly Errors: IvendiErrors | null
  readonly hasErrors: boolean
  readonly hasWarnings: boolean
  readonly Warnings: unknown
}

export interface IvendiPaymentSchedule {
  readonly Amount: number
  readonly Number: number
  readonly Period: number
}

export interface IvendiCommission {
  readonly Amount: number
  readonly Method: string
  readonly Type: string
  readonly Value: number
  readonly VolumeBonus: number
}

export interface IvendiFiguresAsset {
  readonly __type: string
  readonly AdjustedDistance: boolean
  readonly AdjustedTerm: boolean
  readonly AnnualDistanceQuoted: number
  readonly ChargePerOverDistanceUnit: number
  readonly Equity: number
  readonly FinanceDepositAllowance: number
  readonly FinanceDepositAllowances: unknown
  readonly NegativeEquity: number
  readonly OutstandingSettlement: number
  readonly OutstandingSource: string | null
  readonly PartExchange: number
  readonly RVDataSet: string | null
  readonly RVDataSetMonth: number
  readonly RVDataSetYear: number
  readonly RVPercentageUsed: number
  readonly ValueAddedProducts: readonly IvendiValueAddedProduct[] | null
  readonly VATQualifying: string
  readonly ExcludeVatAsDeposit: string
}

export interface IvendiFigures {
  readonly AcceptanceFee: number
  readonly AcceptanceFeeSpread: boolean
  readonly AdditionalDeposit: number
  readonly Advance: number
  readonly AER: number
  readonly APR: number
  readonly Asset: IvendiFiguresAsset
  readonly Balloon: number
  readonly BalloonAtTerm: boolean
  readonly BaseRate: number
  readonly CustomerRate: number
  readonly EarlySettlements: unknown
  readonly FinalPayment: number
  readonly FirstPayment: number
  readonly FlatRate: number
  readonly FullFees: unknown
  readonly InitialPause: number
  readonly InterestCharges: number
  readonly InterestRate: number
  readonly InterestRateRateType: string
  readonly NumberOfRegularPayments: number
  readonly OptionFeeSpread: boolean
  readonly OptionToPurchaseFee: number
  readonly PaymentSchedules: readonly IvendiPaymentSchedule[]
  readonly ProductRateType: string
  readonly RegularPayment: number
  readonly Repossession: number
  readonly Subsidy: number
  readonly Term: number
  readonly Termination: number
  readonly TermQuoted: number
  readonly TermUnit: string
  readonly TotalCashPrice: number
  readonly TotalCharges: number
  readonly TotalDeposit: number
  readonly TotalPayable: number
  readonly ValueAddedTax: number
  readonly ValueAddedTaxAsDeposit: boolean
}

export interface IvendiProductQuote extends IvendiErrorFlags {
  readonly BaseCfcUrl: string | null
  readonly Commissions: readonly IvendiCommission[] | null
  readonly ExpiryDate: string | null
  readonly FacilitatorCode: string
  readonly FacilityType: string
  /** Null when the lender cannot offer the product; Errors then say why. */
  readonly Figures: IvendiFigures | null
  readonly FunderCode: string
  readonly FunderProductCode: string
  readonly ParentQuoteUID: string | null
  readonly ProductCode: string
  readonly ProductName: string
  readonly ProductUID: string
  readonly CreditTier: string
  readonly QuotedDateTime: string
  readonly QuoteeProductCode: string
  readonly QuoteeUid: string
  readonly QuoteUID: string
  readonly WithinPaymentRange: string
}

export interface IvendiProductGroup extends IvendiErrorFlags {
  readonly FacilityType: string
  readonly hasProductQuote: boolean
  readonly hasProductQuoteWithinPaymentRange: string
  readonly ProductGroupUID: string
  readonly ProductQuotes: readonly IvendiProductQuote[] | null
  readonly QuotedProductGroupUID: string
}

export interface IvendiResultAsset {
  readonly __type: string
  readonly Age: number
  readonly AgeIdentifier: string
  readonly AgeUnit: string
  readonly Class: string
  readonly Condition: string
  readonly CurrentOdometerReading: number
  readonly EntityType: string
  readonly Identity: string
  readonly IdentityType: string
  readonly CapCodeOverridden: string | null
  readonly RegistrationDate: string | null
  readonly RegistrationMark: string | null
  readonly RequestedAnnualDistance: number
  readonly RequestedDeposit: number
  readonly RequestedTerm: number
  readonly RequestedTermUnit: string
  readonly Source: string
  readonly StockIdentity: string | null
  readonly StockingDays: number
  readonly StockLocation: string | null
  readonly TermDistance: number
  readonly VrmEnabled: boolean
}

export interface IvendiResult extends IvendiErrorFlags {
  readonly Asset: IvendiResultAsset | null
  readonly hasProductGroup: boolean
  readonly hasProductGroupWithinPaymentRange: string
  readonly ProductGroups: readonly IvendiProductGroup[] | null
  readonly ProductPackageUID: string
  readonly QuotedProductPackageUID: string
  readonly Request: unknown
  readonly ResultUID: string
}

export interface IvendiQuoteResult extends IvendiErrorFlags {
  readonly hasResults: boolean
  readonly ProductRequestUID: string
  readonly QuotedResultUID: string
  readonly QuoteeUID: string
  readonly QuoteRequest: unknown
  readonly Results: readonly IvendiResult[] | null
}

export interface IvendiQuoteResponse extends IvendiErrorFlags {
  readonly hasQuoteResults: boolean
  readonly QuotedResultsUID: string
  readonly QuoteResults: readonly IvendiQuoteResult[] | null
  readonly ResponseUID: string
}
