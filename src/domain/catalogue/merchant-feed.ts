// The Google Merchant Center product feed: a product on sale becomes one feed item, or one item
// per variant with the variants tied together by g:item_group_id. Pure: the server reads the products in pages
// and hands each one in as plain data; this decides what Google is told and writes it as RSS 2.0 with the g:
// namespace. Prices are the headline price (ADR 023, what the product page shows and the basket charges), VAT
// included, as Google's "1234.56 GBP".
import { escapeXml, xmlElement } from '../../lib/text/xml'
import { decimalPounds, type Pence } from '../money'
import { isOnSale } from './on-sale'
import type { ProductKind } from './product-kind'
import { headlinePricePence, type ProductPriceInput } from './product-price'
import { assistedSpeedText } from '../vehicles/eapc'

export const GOOGLE_NS = 'http://base.google.com/ns/1.0'
/** Google's limits: an id of 50 characters, a title of 150, a description of 5,000. */
export const MAX_ID = 50
export const MAX_TITLE = 150
export const MAX_DESCRIPTION = 5000

export interface MerchantVariant {
  readonly id: number
  readonly sku: string | null
  readonly size: string | null
  readonly colour: string | null
  /** The variant's own price in pence (VAT included); null: the product's price. */
  readonly pricePence: Pence | null
  readonly stockQuantity: number | null
  /** Site path of its main picture; null: the product's. */
  readonly imagePath: string | null
  readonly gtin?: string | null
  readonly mpn?: string | null
}

export interface MerchantProduct {
  readonly id: number
  readonly sku: string | null
  readonly name: string
  readonly status: string
  /** From its top-level category; null when it has none. */
  readonly kind: ProductKind | null
  readonly productType: 'simple' | 'variable'
  readonly condition: 'new' | 'used'
  readonly brandName: string | null
  /** Category names from the top, e.g. ["Motorcycles", "Naked"]. */
  readonly categoryTrail: readonly string[]
  /** Site path of the product page. */
  readonly path: string
  /** The description as plain text (rich text flattened), and the short one. */
  readonly description: string | null
  readonly shortDescription: string | null
  readonly pricePence: Pence | null
  readonly vatRatePercent: number
  /** The compulsory charges in the headline price (the product's extra fee). */
  readonly charges: ProductPriceInput['charges']
  readonly stockQuantity: number | null
  /** Site path of its main picture. */
  readonly imagePath: string | null
  readonly gtin?: string | null
  readonly mpn?: string | null
  readonly variants: readonly MerchantVariant[]
  /** An e-bike's assisted top speed and stored EAPC verdict (null: not yet known); absent for anything else. */
  readonly ebike?: { readonly assistedSpeedMph: number | null; readonly eapc: boolean | null } | null
}

/** A product identifier Google knows (gtin, or mpn with the brand), or the statement that none exists. */
export type MerchantIdentifier = { readonly gtin: string } | { readonly mpn: string } | { readonly exists: false }

export interface MerchantItem {
  readonly id: string
  readonly title: string
  readonly description: string
  readonly link: string
  readonly imageLink: string
  readonly availability: 'in_stock' | 'out_of_stock'
  /** "1234.56 GBP" */
  readonly price: string
  readonly brand: string | null
  readonly condition: 'new' | 'used'
  readonly identifier: MerchantIdentifier
  readonly itemGroupId: string | null
  readonly size: string | null
  readonly color: string | null
  /** The shop's own category path, "Motorcycles > Naked". */
  readonly productType: string | null
  /** An e-bike's assisted top speed as Google asks for it ("15.5 mph"); null for anything else. */
  readonly assistedSpeed?: string | null
}

export interface MerchantSkip {
  readonly id: string
  readonly reason: string
}

export interface MerchantOutcome {
  readonly items: MerchantItem[]
  /** Offers Google would refuse, left out with the reason (no price, no picture). */
  readonly skipped: MerchantSkip[]
}

/** A product's or variant's feed id: its SKU when Google can take it, else a stable id from the record. */
export function merchantId(kind: 'product' | 'variant', id: number, sku: string | null): string {
  const s = sku?.trim() ?? ''
  return s !== '' && s.length <= MAX_ID ? s : `wh-${kind === 'product' ? 'p' : 'v'}${id}`
}

/** Whether a GTIN (EAN-8, UPC-A, EAN-13 or GTIN-14) is well formed: its digits and its check digit. */
export function isValidGtin(raw: string): boolean {
  const digits = raw.replace(/[\s-]/g, '')
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits) || /^0+$/.test(digits)) return false
  let sum = 0
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(digits[i]) * weight
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1])
}

/**
 * Google's identifier rule: a valid GTIN first; otherwise an MPN, which only counts with a brand; otherwise
 * identifier_exists=no (a used bike, or a product whose maker's codes the shop does not hold).
 */
export function merchantIdentifier(gtin: string | null | undefined, mpn: string | null | undefined, brand: string | null): MerchantIdentifier {
  if (gtin && isValidGtin(gtin)) return { gtin: gtin.replace(/[\s-]/g, '') }
  const part = mpn?.trim() ?? ''
  if (part !== '' && part.length <= 70 && brand) return { mpn: part }
  return { exists: false }
}

/** Whole words up to `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const flat = text.trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

export function availabilityOf(stockQuantity: number | null | undefined): 'in_stock' | 'out_of_stock' {
  return typeof stockQuantity === 'number' && Number.isFinite(stockQuantity) && stockQuantity >= 1 ? 'in_stock' : 'out_of_stock'
}

/** Google's price: the headline price (base plus compulsory charges), VAT included, in GBP; null without a price. */
export function merchantPrice(basePricePence: Pence | null | undefined, product: Pick<MerchantProduct, 'vatRatePercent' | 'charges'>): string | null {
  const pence = headlinePricePence({ basePricePence, vatRatePercent: product.vatRatePercent, charges: product.charges })
  return pence === null ? null : `${decimalPounds(pence)} GBP`
}

/**
 * Google Shopping refuses motor vehicles: the shop's motorcycles and scooters (mopeds are filed under one or the
 * other). A moped filed in a category of that name counts too, unless it is kit or a part (rider wear, accessories).
 * Pedal-assisted e-bikes that meet the EAPC rules (ADR 061) are bicycles in UK law and stay; one that does not (more
 * than 250 W, assistance past 15.5 mph, no pedals) is a motor vehicle and goes.
 */
export const MOTOR_VEHICLE_KINDS: readonly ProductKind[] = ['motorcycle', 'scooter']
const NOT_VEHICLES: readonly ProductKind[] = ['riderwear', 'accessory']
const MOPED_CATEGORY = /^mopeds?$/i

/** Why Google would refuse the product as a whole (a motor vehicle), or null. */
export function motorVehicleOf(product: Pick<MerchantProduct, 'kind' | 'categoryTrail' | 'ebike'>): string | null {
  if (product.kind && MOTOR_VEHICLE_KINDS.includes(product.kind)) return product.kind
  if (product.kind === 'e-bike' && product.ebike?.eapc === false) return 'an e-bike that is not an EAPC'
  if (product.kind && NOT_VEHICLES.includes(product.kind)) return null
  return product.categoryTrail.some((name) => MOPED_CATEGORY.test(name.trim())) ? 'moped' : null
}

/**
 * The feed items of one product: none when it is not on sale or is a motor vehicle, one for a simple product, one
 * per variant (each left out when it has no price or no picture).
 */
export function merchantItems(product: MerchantProduct, siteUrl: string): MerchantOutcome {
  const productId = merchantId('product', product.id, product.sku)
  if (!isOnSale(product.status)) return { items: [], skipped: [{ id: productId, reason: `not on sale (${product.status})` }] }
  const vehicle = motorVehicleOf(product)
  if (vehicle) return { items: [], skipped: [{ id: productId, reason: `a motor vehicle (${vehicle})` }] }
  // Google asks every e-bike's assisted top speed: one without it on record is left out until staff add it.
  const speed = product.kind === 'e-bike' ? product.ebike?.assistedSpeedMph ?? null : null
  if (product.kind === 'e-bike' && speed === null) return { items: [], skipped: [{ id: productId, reason: 'an e-bike without its assisted top speed' }] }
  const absolute = (path: string) => new URL(path, siteUrl).toString()
  const description = clip(product.description?.trim() || product.shortDescription?.trim() || product.name, MAX_DESCRIPTION)
  const common = {
    description,
    link: absolute(product.path),
    brand: product.brandName?.trim() || null,
    condition: product.condition,
    productType: product.categoryTrail.length ? product.categoryTrail.join(' > ') : null,
    assistedSpeed: speed === null ? null : assistedSpeedText(speed),
  }
  const items: MerchantItem[] = []
  const skipped: MerchantSkip[] = []
  const offer = (o: { id: string; title: string; pricePence: Pence | null; stock: number | null; imagePath: string | null; gtin?: string | null; mpn?: string | null; group: string | null; size: string | null; color: string | null }) => {
    const price = merchantPrice(o.pricePence, product)
    if (price === null) return void skipped.push({ id: o.id, reason: 'no price (price on application)' })
    if (!o.imagePath) return void skipped.push({ id: o.id, reason: 'no picture' })
    items.push({
      ...common,
      id: o.id,
      title: clip(o.title, MAX_TITLE),
      imageLink: absolute(o.imagePath),
      availability: availabilityOf(o.stock),
      price,
      identifier: merchantIdentifier(o.gtin, o.mpn, common.brand),
      itemGroupId: o.group,
      size: o.size?.trim() || null,
      color: o.color?.trim() || null,
    })
  }
  if (product.productType === 'variable' && product.variants.length > 0) {
    for (const v of product.variants) {
      const options = [v.size, v.colour].map((x) => x?.trim()).filter(Boolean)
      offer({
        id: merchantId('variant', v.id, v.sku),
        title: options.length ? `${product.name} – ${options.join(', ')}` : product.name,
        pricePence: v.pricePence ?? product.pricePence,
        stock: v.stockQuantity,
        imagePath: v.imagePath ?? product.imagePath,
        gtin: v.gtin,
        mpn: v.mpn ?? product.mpn,
        group: productId,
        size: v.size,
        color: v.colour,
      })
    }
  } else {
    offer({ id: productId, title: product.name, pricePence: product.pricePence, stock: product.stockQuantity, imagePath: product.imagePath, gtin: product.gtin, mpn: product.mpn, group: null, size: null, color: null })
  }
  return { items, skipped }
}

/** One item as RSS: plain title, link and description, everything else in Google's namespace. */
export function merchantItemXml(item: MerchantItem): string {
  const g = (name: string, text: string | null) => (text === null ? '' : xmlElement(`g:${name}`, text))
  const identifier = 'gtin' in item.identifier ? g('gtin', item.identifier.gtin) : 'mpn' in item.identifier ? g('mpn', item.identifier.mpn) : g('identifier_exists', 'no')
  return (
    '<item>' +
    g('id', item.id) +
    xmlElement('title', item.title) +
    xmlElement('description', item.description) +
    xmlElement('link', item.link) +
    g('image_link', item.imageLink) +
    g('availability', item.availability) +
    g('price', item.price) +
    g('brand', item.brand) +
    g('condition', item.condition) +
    identifier +
    g('item_group_id', item.itemGroupId) +
    g('size', item.size) +
    g('color', item.color) +
    g('product_type', item.productType) +
    (item.assistedSpeed ? `<g:product_detail>${g('section_name', 'E-bike')}${g('attribute_name', 'Assisted top speed')}${g('attribute_value', item.assistedSpeed)}</g:product_detail>` : '') +
    '</item>\n'
  )
}

/** The document up to the first item. */
export function merchantFeedHead(channel: { readonly title: string; readonly link: string; readonly description: string }): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<rss version="2.0" xmlns:g="${escapeXml(GOOGLE_NS)}">\n<channel>\n` +
    `${xmlElement('title', channel.title)}\n${xmlElement('link', channel.link)}\n${xmlElement('description', channel.description)}\n`
  )
}

export const MERCHANT_FEED_TAIL = '</channel>\n</rss>\n'
