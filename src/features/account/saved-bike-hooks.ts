// The catalogue's hooks for saved-bike alerts, wired in by the root (payload.config.ts): a change that
// matters to customers who saved the bike queues one alert job in the change's own transaction. No 'server-only':
// Payload loads collection hooks outside Next (migrations, type generation, the runner).
import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'
import { chargesFromExtraFee, headlinePricePence } from '../../domain/catalogue/product-price'
import { savedBikeChange, type SavedBikeChangeKind, type SavedBikeState } from '../../domain/catalogue/saved-bikes'
import type { Product, Variant } from '../../payload-types'
import { SEND_SAVED_BIKE_ALERTS } from '../jobs/task-names'

/** The headline price a customer is shown: the price plus any mandatory charge (ADR 023). */
export function headlinePence(p: Partial<Product>): number | null {
  return headlinePricePence({ basePricePence: p.price, vatRatePercent: p.vatRate ?? 20, charges: chargesFromExtraFee(p.beforeAddToBasketNotification?.extraFee) })
}

function productState(p: Partial<Product> | undefined): SavedBikeState {
  if (!p || !p.id) return { pricePence: null, available: 0, onSale: false }
  // A variable product's stock lives on its variants: their own hook reports a return to stock.
  const available = p.productType === 'variable' ? 1 : Math.max(0, p.stockQuantity ?? 0)
  return { pricePence: headlinePence(p), available, onSale: p.status === 'active' }
}

async function queueAlert(req: PayloadRequest, productId: number, kind: SavedBikeChangeKind, key: string): Promise<void> {
  const watchers = await req.payload.count({ collection: 'saved-bikes', where: { product: { equals: productId }, alerts: { equals: true } }, overrideAccess: true, req })
  if (watchers.totalDocs === 0) return
  // In the change's own transaction: the alert is queued exactly when the change commits.
  await (req.payload.jobs.queue as (args: { task: string; input: Record<string, unknown>; req: PayloadRequest; overrideAccess: boolean }) => Promise<unknown>)({
    task: SEND_SAVED_BIKE_ALERTS,
    input: { productId, kind, key },
    req,
    overrideAccess: true,
  })
}

/** Products: a lower headline price, or a simple product back in stock, alerts those who asked. */
export const alertOnProductChange: CollectionAfterChangeHook<Product> = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update') return doc
  const change = savedBikeChange(productState(previousDoc), productState(doc), String(doc.updatedAt))
  if (change) await queueAlert(req, doc.id, change.kind, change.key)
  return doc
}

/** Variants: a size or colour back in stock alerts about its bike (a price change shows on the bike's own price). */
export const alertOnVariantChange: CollectionAfterChangeHook<Variant> = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || (previousDoc?.stockQuantity ?? 0) > 0 || (doc.stockQuantity ?? 0) <= 0) return doc
  const productId = typeof doc.product === 'object' && doc.product ? doc.product.id : doc.product
  if (typeof productId !== 'number') return doc
  const product = await req.payload.findByID({ collection: 'products', id: productId, depth: 0, overrideAccess: true, disableErrors: true, req, select: { status: true } })
  if (product?.status === 'active') await queueAlert(req, productId, 'back-in-stock', `back-in-stock:variant-${doc.id}:${String(doc.updatedAt)}`)
  return doc
}

