// Reading an iVendi Quoteware response: the product quotes that may be offered, and their Figures (pounds, as
// iVendi sends them) as the domain's QuoteFigures.
import type { QuoteFigures } from '../../../domain/finance/representative-example'
import type { IvendiErrorFlags, IvendiFigures, IvendiProductQuote, IvendiQuoteResponse } from './types'

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

/** The Figures of one product quote as the domain reads them; amounts stay in pounds, as iVendi sends them. */
export function quoteFigures(figures: IvendiFigures): QuoteFigures {
  return {
    cashPricePounds: figures.TotalCashPrice,
    depositPounds: figures.TotalDeposit,
    creditPounds: figures.Advance,
    termMonths: figures.Term,
    paymentCount: (figures.PaymentSchedules ?? []).reduce((sum, run) => sum + run.Number, 0),
    regularPaymentPounds: figures.RegularPayment,
    finalPaymentPounds: figures.FinalPayment,
    totalPayablePounds: figures.TotalPayable,
    totalChargeForCreditPounds: figures.TotalCharges,
    flatRatePercent: figures.FlatRate,
    aprPercent: figures.APR,
    acceptanceFeePounds: figures.AcceptanceFee,
    optionToPurchaseFeePounds: figures.OptionToPurchaseFee,
    annualDistanceQuoted: figures.Asset?.AnnualDistanceQuoted ?? null,
  }
}
