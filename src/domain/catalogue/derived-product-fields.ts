// What a product or variant stores that follows from its other fields: a product's headline price (its price with
// every compulsory charge in it, ADR 023) and an e-bike's EAPC verdict; a variant's title from its size and colour.
// The products and variants collections' hooks set them on every save, and the stock importer, which writes rows
// with SQL of its own past those hooks, works them out here too, so the two can never disagree.
import { chargesFromExtraFee, headlinePricePence } from './product-price'
import { eapcVerdict, type EbikeFacts } from '../vehicles/eapc'

/** A product as it will be saved, in the fields its derived ones follow from. */
export interface ProductFacts {
  /** Its own price in pence, VAT included; null when on application (for a variable product, its lowest variant's). */
  readonly pricePence?: number | null
  /** 20 when unset, as the field's default. */
  readonly vatRatePercent?: number | null
  /** The extra fee staff set on it (a compulsory charge when it has a value). */
  readonly extraFee?: { readonly feeValue?: number | null; readonly label?: string | null } | null
  /** Its kind, from its category. */
  readonly kind?: string | null
  /** An e-bike's facts (read only for an e-bike). */
  readonly ebike?: EbikeFacts | null
}

export interface DerivedProductFields {
  /** The headline price customers see and pay, listings sort and filter by; null when it has no price. */
  readonly listPrice: number | null
  /** Whether an e-bike meets the EAPC rules; null for any other kind, and for an e-bike until power and speed are recorded. */
  readonly eapc: boolean | null
}

export function derivedProductFields(facts: ProductFacts): DerivedProductFields {
  const fee = facts.extraFee
  const charges = chargesFromExtraFee({ feeValue: fee?.feeValue ?? null, label: fee?.label ?? null })
  return {
    listPrice: headlinePricePence({ basePricePence: facts.pricePence ?? null, vatRatePercent: Number(facts.vatRatePercent ?? 20), charges }),
    eapc: facts.kind === 'e-bike' ? eapcVerdict(facts.ebike ?? {}).eapc : null,
  }
}

/** A variant's title: its size and colour ("M / Red"), or its SKU when it has neither. */
export function variantTitle(size: unknown, colour: unknown, sku: string | null | undefined): string | undefined {
  return [size, colour].filter(Boolean).join(' / ') || sku || undefined
}
