// Server reads for the compare page: each named bike's product view and its representative finance quote.
import 'server-only'
import { productBySlug } from './queries.server'
import type { ProductView } from './product-view'
import type { CompareBike } from '../../domain/catalogue/compare'
import type { RepresentativeExample } from '../../domain/finance/representative-example'
import type { SpecSheet } from '../../domain/catalogue/spec-sheet'

export interface ComparedBike {
  readonly slug: string
  readonly name: string
  readonly image: ProductView['options'][number]['images'][number] | null
  readonly facts: CompareBike
  readonly example: { readonly example: RepresentativeExample; readonly lenderName: string | null } | null
}

/** The headline price the product page leads with: the opening option's, which has every mandatory charge in it (ADR 023). */
function headlinePence(product: ProductView): number | null {
  return product.options[product.defaultIndex]?.pricePence ?? null
}

/** A bike's representative finance example at its standard deposit and term, or null (the page passes finance's). */
export type RepresentativeQuote = (slug: string) => Promise<{ readonly example: RepresentativeExample; readonly lenderName: string | null } | null>

/** The bikes named, in order; a slug that is not on sale is left out. */
export async function comparedBikes(slugs: readonly string[], representativeQuoteForProduct: RepresentativeQuote): Promise<ComparedBike[]> {
  const found = await Promise.all(
    slugs.map(async (slug): Promise<ComparedBike | null> => {
      const product = await productBySlug(slug)
      if (!product) return null
      const quote = product.finance ? await representativeQuoteForProduct(product.slug) : null
      const specSheet: SpecSheet = Object.fromEntries(product.specRows.map((r) => [r.key, r.value]))
      return {
        slug: product.slug,
        name: product.name,
        image: product.options[product.defaultIndex]?.images[0] ?? null,
        example: quote ? { example: quote.example, lenderName: quote.lenderName } : null,
        facts: {
          name: product.name,
          pricePence: headlinePence(product),
          monthlyPence: quote ? quote.example.regularPaymentPence : null,
          condition: product.condition,
          brandName: product.brandName,
          specSheet,
          mileage: product.used?.mileage ?? null,
          keepers: product.used?.keepers ?? null,
          serviceHistory: product.used?.serviceHistory ?? null,
          registrationYear: product.used?.registrationYear ?? null,
        },
      }
    }),
  )
  return found.filter((b): b is ComparedBike => b !== null)
}
