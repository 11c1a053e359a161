// GET /api/v1/related-products?ids=1,2,3 (spec §7 call 4): the accessory products a finance customer may add, public fields only.
import type { Payload } from 'payload'
import { z } from '../../../lib/zod'
import { formatPence } from '../../../domain/money'
import { chargesFromExtraFee, headlinePricePence } from '../../../domain/catalogue/product-price'
import type { Media, Product, Variant } from '../../../payload-types'
import { codeForStatus, json, refuse } from '../../../lib/http/respond'

export const MAX_RELATED_IDS = 50

const idsSchema = z
  .string({ message: 'ids is required: product ids joined by commas, e.g. ids=12,15' })
  .max(600, 'ids is too long')
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'ids must be product ids joined by commas, e.g. ids=12,15')
  .transform((v) => [...new Set(v.split(',').map(Number))])
  .pipe(z.array(z.number().int().positive('ids must be positive').max(2_147_483_647, 'ids must be known product ids')).max(MAX_RELATED_IDS, `at most ${MAX_RELATED_IDS} ids`))

export interface RelatedProduct {
  readonly id: number
  readonly name: string
  readonly slug: string
  readonly sku: string | null
  readonly nodeType: 'SimpleProduct' | 'VariableProduct'
  readonly pricePence: number | null
  /** The spec's price text, e.g. "£89.99". */
  readonly price: string | null
  readonly stockQuantity: number
  readonly image: { readonly url: string; readonly alt: string } | null
  readonly variants: readonly { readonly id: number; readonly size: string | null; readonly colour: string | null; readonly sku: string; readonly pricePence: number | null; readonly stockQuantity: number }[]
}

function image(value: Product['featuredImage']): RelatedProduct['image'] {
  const m = typeof value === 'object' && value ? (value as Media) : null
  const url = m?.sizes?.thumbnail?.url ?? m?.url
  return m && url ? { url, alt: m.alt ?? '' } : null
}

export async function relatedProducts(payload: Payload, ids: readonly number[]): Promise<RelatedProduct[]> {
  const found = await payload.find({
    collection: 'products',
    where: { and: [{ id: { in: ids } }, { status: { equals: 'active' } }] },
    limit: ids.length,
    depth: 1,
    overrideAccess: false,
    pagination: false,
    joins: { variants: false },
    select: { name: true, slug: true, sku: true, productType: true, price: true, vatRate: true, beforeAddToBasketNotification: { extraFee: { feeValue: true, label: true } }, stockQuantity: true, featuredImage: true },
    populate: { media: { url: true, alt: true, sizes: true } },
  })
  const products = found.docs as Product[]
  const variable = products.filter((p) => p.productType === 'variable').map((p) => p.id)
  const variants = variable.length
    ? ((await payload.find({ collection: 'variants', where: { product: { in: variable } }, sort: 'position', limit: 1000, depth: 0, overrideAccess: false, pagination: false, select: { product: true, size: true, colour: true, sku: true, price: true, stockQuantity: true } })).docs as Variant[])
    : []
  const order = new Map(ids.map((id, i) => [id, i]))
  return products
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((p) => {
      // Headline prices (ADR 023): any mandatory charge is in them, as in the basket and the quote.
      const headline = (base: number | null | undefined) => headlinePricePence({ basePricePence: base, vatRatePercent: p.vatRate ?? 20, charges: chargesFromExtraFee(p.beforeAddToBasketNotification?.extraFee) })
      const pricePence = headline(p.price)
      return {
        id: p.id,
        name: p.name,
        slug: p.slug,
        sku: p.sku ?? null,
        nodeType: p.productType === 'variable' ? 'VariableProduct' as const : 'SimpleProduct' as const,
        pricePence,
        price: pricePence === null ? null : formatPence(pricePence),
        stockQuantity: p.stockQuantity ?? 0,
        image: image(p.featuredImage),
        variants: variants
          .filter((v) => (typeof v.product === 'object' ? v.product.id : v.product) === p.id)
          .map((v) => ({ id: v.id, size: v.size ?? null, colour: v.colour ?? null, sku: v.sku, pricePence: headline(v.price ?? p.price), stockQuantity: v.stockQuantity })),
      }
    })
}

export async function handleRelatedProducts(request: Request, payload: Payload): Promise<Response> {
  const url = new URL(request.url)
  const parsed = idsSchema.safeParse(url.searchParams.get('ids') ?? undefined)
  if (!parsed.success) return refuse(400, codeForStatus(400), parsed.error.issues[0]?.message ?? 'ids is invalid')
  try {
    return json({ products: await relatedProducts(payload, parsed.data) })
  } catch (error) {
    payload.logger.error({ msg: 'related products read failed', err: error })
    return refuse(500, codeForStatus(500), 'The accessories could not be read. Please try again.')
  }
}
