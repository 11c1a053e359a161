// Shop fixtures for the order and payment tests: a category, products with stock, a variant, a coupon.
import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import type { EmailMessage, EmailSender } from '../../src/adapters/email/email-sender'
import type { PlaceOrderInput } from '../../src/features/orders/order-contract'
import type { Order, Return } from '../../src/payload-types'
import { buildCategory, buildProduct, buildVariant, uniqueSuffix } from '../../src/setup/seed/factories'

let categoryId: number | undefined

export async function accessoryCategory(payload: Payload): Promise<number> {
  if (categoryId) return categoryId
  const suffix = uniqueSuffix()
  const created = await payload.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: `Locks ${suffix}`, kind: 'accessory' }) })
  await payload.updateGlobal({
    slug: 'site-settings',
    overrideAccess: true,
    data: { address: { line1: '1 Dealer Way', town: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }, delivery: { flatRatePence: 495, pickupEnabled: true } },
  })
  categoryId = created.id
  return created.id
}

export async function simpleProduct(payload: Payload, stock: number, pricePence = 2500): Promise<number> {
  const category = await accessoryCategory(payload)
  const suffix = uniqueSuffix()
  const product = await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Lock ${suffix}`, sku: `LOCK-${suffix}`, category, pricePence, stock }) as never })
  return product.id
}

export async function variantProduct(payload: Payload, stock: number, pricePence = 9900): Promise<{ productId: number; variantId: number }> {
  const category = await accessoryCategory(payload)
  const suffix = uniqueSuffix()
  const product = await payload.create({
    collection: 'products',
    overrideAccess: true,
    data: buildProduct({ name: `Glove ${suffix}`, sku: `GLV-${suffix}`, category, pricePence: null, productType: 'variable' }) as never,
  })
  const variant = await payload.create({ collection: 'variants', overrideAccess: true, data: buildVariant({ product: product.id, sku: `GLV-${suffix}-M`, size: 'M', pricePence, stock }) as never })
  return { productId: product.id, variantId: variant.id }
}

/** A variable product in sizes, each with its own price and stock (a jacket to exchange for another size). */
export async function sizedProduct(payload: Payload, sizes: readonly { readonly size: string; readonly pricePence: number; readonly stock: number }[]): Promise<{ productId: number; variantIds: number[] }> {
  const category = await accessoryCategory(payload)
  const suffix = uniqueSuffix()
  const product = await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Jacket ${suffix}`, sku: `JKT-${suffix}`, category, pricePence: null, productType: 'variable' }) as never })
  const variantIds: number[] = []
  for (const [i, s] of sizes.entries()) {
    const variant = await payload.create({ collection: 'variants', overrideAccess: true, data: buildVariant({ product: product.id, sku: `JKT-${suffix}-${s.size}`, size: s.size, pricePence: s.pricePence, stock: s.stock, position: i }) as never })
    variantIds.push(variant.id)
  }
  return { productId: product.id, variantIds }
}

export async function stockOf(payload: Payload, productId: number, variantId?: number): Promise<number> {
  if (variantId) return (await payload.findByID({ collection: 'variants', id: variantId, overrideAccess: true, depth: 0 })).stockQuantity ?? 0
  return (await payload.findByID({ collection: 'products', id: productId, overrideAccess: true, depth: 0 })).stockQuantity ?? 0
}

export function orderInput(lines: PlaceOrderInput['lines'], extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    kind: 'card',
    checkoutKey: randomUUID(),
    lines,
    deliveryMethod: 'free',
    // A new address per order: the shop limits how many unpaid orders one address may hold at once.
    contact: { firstName: 'Ada', lastName: 'Rider', email: `ada.${randomUUID().slice(0, 8)}@example.co.uk`, phone: '07700900123' },
    address: { line1: '2 Low Road', line2: '', town: 'York', county: '', postcode: 'YO1 7HH' },
    ...extra,
  }
}

/** The shop's first admin, made if there is none yet, as a signed-in user for Payload's local API. */
export async function adminUser(payload: Payload) {
  const found = await payload.find({ collection: 'users', where: { role: { equals: 'admin' } }, limit: 1, overrideAccess: true })
  const user = found.docs[0] ?? (await payload.create({ collection: 'users', overrideAccess: true, data: { email: `admin-${Date.now()}@int.test`, password: 'a-long-admin-password-123', role: 'admin' } as never }))
  return { ...user, collection: 'users' as const }
}

/** An order as stored, its relations as ids. */
export function orderById(payload: Payload, id: number): Promise<Order> {
  return payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
}

/** A return by its number, as stored, its relations as ids. */
export async function returnByNumber(payload: Payload, returnNumber: string): Promise<Return> {
  return (await payload.find({ collection: 'returns', where: { returnNumber: { equals: returnNumber } }, depth: 0, overrideAccess: true })).docs[0]!
}

export async function orderCount(payload: Payload): Promise<number> {
  return (await payload.count({ collection: 'orders', overrideAccess: true })).totalDocs
}

/** An email sender that keeps what it is given, for a test to read back: `sent` in the order sent. */
export function memoryEmail(): { sent: EmailMessage[]; email: EmailSender } {
  const sent: EmailMessage[] = []
  const email: EmailSender = {
    name: 'outbox',
    async send(message) {
      sent.push(message)
      return { id: String(sent.length), location: 'memory' }
    },
  }
  return { sent, email }
}
