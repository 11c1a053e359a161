// What a listing page answers: its cards, their monthly figures and the one representative example they link to.
import type { ProductCard } from '../catalogue/queries.server'
import type { RepresentativeExample } from '../../domain/finance/representative-example'

/** A card's "from £X a month": the stored first quote of its finance step, or its best quote on the rider's budget terms. */
export interface CardMonthly {
  productId: number
  monthlyPence: number
}

/** The one representative example a listing that shows monthly figures carries (CONC 3.5.5R). */
export interface ListingExample {
  example: RepresentativeExample
  lenderName: string
  bikeName: string
}

export interface ListingResult {
  cards: ProductCard[]
  /** monthly figures of the cards that have one (a sold bike or one no lender quotes has none) */
  monthly: CardMonthly[]
  example: ListingExample | null
  totalDocs: number
  page: number
  /** the words searched for instead of those typed, when search corrected or left out some ("Honda Africa") */
  searchedFor?: string | null
}
