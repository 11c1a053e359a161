// Lenders as staff keep them in the admin (the `lenders` collection) to and from the domain's Lender, which the quote engine reads.
import type { Lender } from '../../domain/finance/rate-table'
import type { Lender as LenderDocument } from '../../payload-types'

/** The panel the quotes come from: active lenders only, in the staff's order (position, then name). */
export function panelFromDocuments(docs: readonly LenderDocument[]): Lender[] {
  return [...docs]
    .filter((doc) => doc.active !== false)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.name.localeCompare(b.name))
    .map(lenderFromDocument)
}

export function lenderFromDocument(doc: LenderDocument): Lender {
  return {
    name: doc.name,
    funderCode: doc.funderCode,
    products: [...new Set(doc.products)],
    aprBands: (doc.aprBands ?? []).map((band) => ({
      product: band.product,
      condition: band.condition,
      minAgeYears: band.minAgeYears,
      maxAgeYears: band.maxAgeYears,
      minTermMonths: band.minTermMonths,
      maxTermMonths: band.maxTermMonths,
      aprPercent: band.aprPercent,
    })),
    minTermMonths: doc.minTermMonths,
    maxTermMonths: doc.maxTermMonths,
    minDepositPercent: doc.minDepositPercent,
    maxAgeAtEndOfTermYears: doc.maxAgeAtEndOfTermYears,
    maxOdometerMiles: doc.maxOdometerMiles,
    minAdvancePence: doc.minAdvancePence,
    maxAdvancePence: doc.maxAdvancePence,
    acceptanceFeePence: doc.acceptanceFeePence,
    optionToPurchaseFeePence: doc.optionToPurchaseFeePence,
    residualValues: (doc.residualValues ?? []).map((row) => ({
      maxAgeYears: row.maxAgeYears,
      maxTermMonths: row.maxTermMonths,
      maxAnnualDistance: row.maxAnnualDistance,
      percentOfCashPrice: row.percentOfCashPrice,
    })),
  }
}

/** The document data for a Lender (the seed uses it for the demo panel). */
export function lenderDocumentData(lender: Lender, position: number): Omit<LenderDocument, 'id' | 'createdAt' | 'updatedAt'> {
  return {
    name: lender.name,
    funderCode: lender.funderCode,
    position,
    active: true,
    products: [...lender.products],
    minTermMonths: lender.minTermMonths,
    maxTermMonths: lender.maxTermMonths,
    minDepositPercent: lender.minDepositPercent,
    maxAgeAtEndOfTermYears: lender.maxAgeAtEndOfTermYears,
    maxOdometerMiles: lender.maxOdometerMiles,
    minAdvancePence: lender.minAdvancePence,
    maxAdvancePence: lender.maxAdvancePence,
    acceptanceFeePence: lender.acceptanceFeePence,
    optionToPurchaseFeePence: lender.optionToPurchaseFeePence,
    aprBands: lender.aprBands.map((band) => ({ ...band })),
    residualValues: lender.residualValues.map((row) => ({ ...row })),
  }
}
