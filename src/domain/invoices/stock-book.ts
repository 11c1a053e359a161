// The margin scheme's stock book (HMRC VAT Notice 718/1): for each used vehicle bought without VAT, what the dealer
// paid, when and to whom, and what it was sold for, when and to whom; the margin and the VAT on it. The VAT is the
// VAT fraction of the margin (20/120, a sixth), rounded as every VAT figure is (ADR 044: half up, per vehicle);
// a sale at a loss has no margin and no VAT.
import { decimalPounds, vatIncluded, type Pence } from '../money'
import { VAT_RATE_PERCENT } from '../vat/vat'

export interface StockBookEntry {
  readonly stockNumber: string
  readonly description: string
  readonly purchaseDate: string | null
  readonly purchasePricePence: Pence | null
  readonly seller: string | null
  readonly saleDate: string | null
  readonly salePricePence: Pence | null
  readonly buyer: string | null
  readonly invoiceNumber: string | null
}

export const STOCK_BOOK_HEADER = ['stock_number', 'description', 'purchase_date', 'purchase_price', 'seller', 'sale_date', 'sale_price', 'buyer', 'invoice', 'margin', 'vat_on_margin'] as const

/** The margin (never below 0) and its VAT, or nulls while the vehicle is unsold or its purchase price unknown. */
export function marginOf(entry: Pick<StockBookEntry, 'purchasePricePence' | 'salePricePence'>): { marginPence: Pence; vatPence: Pence } | null {
  if (entry.purchasePricePence == null || entry.salePricePence == null) return null
  const marginPence = Math.max(0, entry.salePricePence - entry.purchasePricePence)
  return { marginPence, vatPence: vatIncluded(marginPence, VAT_RATE_PERCENT.standard) }
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '')
const pounds = (pence: Pence | null | undefined) => (pence == null ? '' : decimalPounds(pence))

/** The stock book's rows as text cells (pounds with two decimals, days as YYYY-MM-DD), header first. */
export function stockBookRows(entries: readonly StockBookEntry[]): string[][] {
  return [
    [...STOCK_BOOK_HEADER],
    ...entries.map((e) => {
      const margin = marginOf(e)
      return [e.stockNumber, e.description, day(e.purchaseDate), pounds(e.purchasePricePence), e.seller ?? '', day(e.saleDate), pounds(e.salePricePence), e.buyer ?? '', e.invoiceNumber ?? '', pounds(margin?.marginPence), pounds(margin?.vatPence)]
    }),
  ]
}
