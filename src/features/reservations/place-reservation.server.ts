// Places a reservation: checks the bike may be reserved and by whom, writes it and takes its one unit off
// the shelf through the stock ledger, all or nothing (the same conditional update as checkout), then starts
// the deposit payment with the shop's payment provider.
import 'server-only'
import { randomBytes } from 'node:crypto'
import type { Payload, PayloadRequest, Where } from 'payload'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import { revalidateStorefront } from '../../cms/hooks/revalidate-storefront'
import { MAX_UNPAID_HOLDS_PER_NETWORK, maxUnpaidUnitsPerNetwork } from '../../domain/basket/order-limits'
import type { ProductKind } from '../../domain/catalogue/product-kind'
import { chargesFromExtraFee, headlinePricePence } from '../../domain/catalogue/product-price'
import { formatPence } from '../../domain/money'
import { generateReservationNumber, MAX_OPEN_RESERVATIONS_PER_CUSTOMER, paymentDueAt, reservationDeposit, RESERVATION_PAYMENT_MINUTES } from '../../domain/reservations/reservation-rules'
import type { Product, Reservation } from '../../payload-types'
import { takeStock } from '../stock/take-stock.server'
import { ownerStatements } from '../records/owner-change.server'
import { reservationStockRef } from './reservation-lifecycle.server'
import { paths } from '../../config/paths'
import { halt, runUnit, unitStep } from '../../cms/unit-of-work.server'
import { joinDealQuietly } from '../deals/join-deal.server'

export interface PlaceReservationInput {
  /** Idempotency key: the same key answers the same reservation and never holds a second bike. */
  readonly reservationKey: string
  readonly productId: number
  readonly variantId?: number | null
  readonly contact: { readonly firstName: string; readonly lastName: string; readonly email: string; readonly phone: string }
  readonly customerId?: number | null
  /** networkKey of the client's address, for the caps on what one network may hold unpaid (ADR 022); null for staff. */
  readonly network?: string | null
  readonly now?: Date
}

export type PlaceReservationResult =
  | { readonly ok: true; readonly reservationId: number; readonly reservationNumber: string; readonly depositPence: number; readonly created: boolean }
  | { readonly ok: false; readonly status: 404 | 409 | 422 | 429; readonly code: string; readonly message: string }

const refuse = (status: 404 | 409 | 422 | 429, code: string, message: string) => halt<Refusal>({ ok: false, status, code, message })

async function byKey(payload: Payload, key: string, req?: Partial<PayloadRequest>): Promise<Reservation | undefined> {
  const found = await payload.find({ collection: 'reservations', where: { reservationKey: { equals: key } }, limit: 1, depth: 0, overrideAccess: true, req })
  return found.docs[0]
}

async function uniqueNumber(payload: Payload, req: Partial<PayloadRequest>): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const n = generateReservationNumber(randomBytes)
    if ((await payload.count({ collection: 'reservations', where: { reservationNumber: { equals: n } }, overrideAccess: true, req })).totalDocs === 0) return n
  }
  throw new Error('Could not find a free reservation number')
}

export async function deletePendingReservation(payload: Payload, id: number): Promise<void> {
  await payload.delete({ collection: 'reservations', where: { and: [{ id: { equals: id } }, { 'stock.state': { equals: 'pending' } }] }, overrideAccess: true, context: { reservationLifecycle: true } })
}

type Refusal = Extract<PlaceReservationResult, { ok: false }>

const answerWith = (r: Reservation): PlaceReservationResult => ({ ok: true, reservationId: r.id, reservationNumber: r.reservationNumber, depositPence: r.depositPence, created: false })

export async function placeReservation(payload: Payload, input: PlaceReservationInput): Promise<PlaceReservationResult> {
  const now = input.now ?? new Date()
  const existing = await byKey(payload, input.reservationKey)
  if (existing && existing.stock?.state !== 'pending') return answerWith(existing)

  try {
    // Loaded when a reservation is placed: server-only, and the lifecycle's graph is not needed by the reconciliation below.
    const { releaseExpiredReservations } = await import('./reservation-lifecycle.server')
    await releaseExpiredReservations(payload, now)
  } catch (error) {
    payload.logger.warn({ err: error }, 'releasing expired reservations before a new one failed')
  }

  // One unit of work under the reservation key's lock: the same reservation sent twice at once waits its
  // turn and answers the one reservation the first placed.
  const placed = await runUnit<Reservation | Placed, Refusal>(payload, { name: 'place reservation', key: `reservation:${input.reservationKey}` }, async (run) => {
    const earlier = await run(findReserved, input.reservationKey)
    if (earlier) return earlier
    const bike = await run(chooseBike, input)
    await run(checkOpenReservations, input)
    const reservation = await run(writeReservation, { input, bike, now })
    await run(takeReservedBike, { input, bike, reservation, now })
    return { reservation, bike }
  })
  if ('ok' in placed) return placed
  if (!('bike' in placed)) return answerWith(placed)
  await revalidateStorefront(`reservation ${placed.reservation.reservationNumber} placed`, payload.logger)
  await joinDealQuietly(payload, {
    step: 'reservation',
    reference: placed.reservation.reservationNumber,
    ...input.contact,
    customerId: input.customerId ?? null,
    productId: placed.bike.product.id,
    variantId: placed.bike.variantId,
    productName: placed.bike.product.name,
    now,
  })
  return { ok: true, reservationId: placed.reservation.id, reservationNumber: placed.reservation.reservationNumber, depositPence: placed.bike.depositPence, created: true }
}

interface Placed {
  readonly reservation: Reservation
  readonly bike: Bike
}

/** The bike to reserve, its headline price and the deposit it takes. */
interface Bike {
  readonly product: Product
  readonly variantId: number | null
  readonly name: string
  readonly pricePence: number | null
  readonly depositPence: number
}

/**
 * The reservation this key already placed, if any. The unit holds the key's lock, so one still 'pending' here
 * was cut short by a crash (start-up reconciliation removes it), not one being placed now.
 */
const findReserved = unitStep('find the reservation this key placed', async (key: string, { payload, req }): Promise<Reservation | undefined> => {
  const found = await byKey(payload, key, req)
  if (found?.stock?.state === 'pending') throw refuse(409, 'in_progress', 'This reservation is still being placed. Please try again in a moment.')
  return found
})

/** The bike, if it may be reserved online, with the deposit the settings or the bike itself ask. */
const chooseBike = unitStep('choose the bike and its deposit', async (input: PlaceReservationInput, { payload, req }): Promise<Bike> => {
  const product = await payload.find({ collection: 'products', where: { and: [{ id: { equals: input.productId } }, { status: { equals: 'active' } }] }, limit: 1, depth: 0, overrideAccess: true, req }).then((r) => r.docs[0])
  if (!product) throw refuse(404, 'unknown_product', 'We can’t find that bike. It may have been sold or withdrawn.')
  let pricePence = product.price ?? null
  let stock = product.stockQuantity ?? 0
  let variantId: number | null = null
  let name = product.name
  if (product.productType === 'variable') {
    if (input.variantId == null) throw refuse(422, 'choose_variant', 'Please choose a size or colour to reserve.')
    const variant = await payload.find({ collection: 'variants', where: { and: [{ id: { equals: input.variantId } }, { product: { equals: product.id } }] }, limit: 1, depth: 0, overrideAccess: true, req }).then((r) => r.docs[0])
    if (!variant) throw refuse(404, 'unknown_product', 'We can’t find that bike. It may have been sold or withdrawn.')
    pricePence = variant.price ?? null
    stock = variant.stockQuantity ?? 0
    variantId = variant.id
    name = `${product.name}${variant.title ? ` – ${variant.title}` : ''}`
  } else if (input.variantId != null) {
    throw refuse(422, 'unknown_variant', 'That bike has no sizes or colours to choose from.')
  }
  // The reservation records the headline price (ADR 023): what is left to pay is worked out from it.
  pricePence = headlinePricePence({ basePricePence: pricePence, vatRatePercent: product.vatRate, charges: chargesFromExtraFee(product.beforeAddToBasketNotification?.extraFee) })
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
  const decision = reservationDeposit({
    kind: product.kind as ProductKind,
    pricePence,
    stockQuantity: stock,
    enabled: settings.reservations?.enabled !== false,
    settingsDepositPence: settings.reservations?.depositPence,
    productDepositPence: product.reservationDepositPence,
  })
  if (!decision.ok) {
    if (decision.reason === 'sold_out') {
      const held = await payload.count({ collection: 'reservations', where: { and: [{ product: { equals: product.id } }, { status: { in: ['awaiting_payment', 'active'] } }] }, overrideAccess: true, req })
      throw held.totalDocs > 0 ? refuse(409, 'already_reserved', `Sorry, the ${name} is reserved by another customer.`) : refuse(409, 'sold_out', `Sorry, the ${name} has sold.`)
    }
    throw refuse(422, 'not_reservable', decision.reason === 'not_a_bike' ? 'Only bikes can be reserved; rider wear and accessories can be bought straight away.' : 'This bike cannot be reserved online. Please call us.')
  }
  return { product, variantId, name, pricePence, depositPence: decision.depositPence }
})

const checkOpenReservations = unitStep('check the customer’s open reservations', async (input: PlaceReservationInput, { payload, req }): Promise<void> => {
  const who: Where[] = [{ email: { equals: input.contact.email } }]
  if (input.customerId != null) who.push({ customer: { equals: input.customerId } })
  const open = await payload.count({ collection: 'reservations', where: { and: [{ status: { in: ['awaiting_payment', 'active'] } }, { or: who }] }, overrideAccess: true, req })
  if (open.totalDocs >= MAX_OPEN_RESERVATIONS_PER_CUSTOMER) {
    throw refuse(429, 'too_many_reservations', `You already have ${open.totalDocs} reservations. Buy or cancel one before reserving another bike.`)
  }
})

/** The reservation, written 'pending' where no transaction covers it: it holds nothing until its stock is taken. */
const writeReservation = unitStep(
  'write the reservation',
  async ({ input, bike, now }: { input: PlaceReservationInput; bike: Bike; now: Date }, { payload, transactionID, req }): Promise<Reservation> => {
    const reservationNumber = await uniqueNumber(payload, req)
    const due = paymentDueAt(now).toISOString()
    return payload.create({
      collection: 'reservations',
      overrideAccess: true,
      depth: 0,
      req,
      context: { reservationLifecycle: true },
      data: {
        reservationNumber,
        status: 'awaiting_payment',
        customer: input.customerId ?? undefined,
        product: bike.product.id,
        variant: bike.variantId ?? undefined,
        productName: bike.name.slice(0, 200),
        pricePence: bike.pricePence!,
        depositPence: bike.depositPence,
        firstName: input.contact.firstName,
        lastName: input.contact.lastName,
        email: input.contact.email,
        phone: input.contact.phone,
        stock: { state: transactionID != null ? 'held' : 'pending', holdExpiresAt: due },
        payment: { refundedPence: 0 },
        reservationKey: input.reservationKey,
        history: [{ at: now.toISOString(), by: input.customerId ?? undefined, actor: 'customer', to: 'awaiting_payment', note: `Reserved; ${formatPence(bike.depositPence)} deposit to pay within ${RESERVATION_PAYMENT_MINUTES} minutes (by ${due}).` }],
      },
    })
  },
  (reservation, _input, { payload }) => deletePendingReservation(payload, reservation.id),
)

/** The bike's one unit off the shelf through the stock ledger, within what one network may hold unpaid. */
const takeReservedBike = unitStep(
  'take the bike off the shelf',
  async ({ input, bike, reservation, now }: { input: PlaceReservationInput; bike: Bike; reservation: Reservation; now: Date }, { payload, transactionID, req }): Promise<void> => {
    const { product, variantId, name } = bike
    const taken = await takeStock(payload, transactionID, reservationStockRef(reservation.id), [{ productId: product.id, variantId, count: 1, networkCap: maxUnpaidUnitsPerNetwork(product.kind as ProductKind) }], {
      owner: ownerStatements({ table: 'reservations', id: reservation.id, stockState: 'held' }),
      now,
      network: input.network ? { key: input.network, maxHolds: MAX_UNPAID_HOLDS_PER_NETWORK } : undefined,
    })
    if (!taken.ok && taken.reason === 'network_cap') throw refuse(429, 'network_holds', `Too many unpaid orders, reservations and finance applications from your network are holding stock (the ${name} among them). Pay for one, or let it lapse, before reserving another, or call us and we will help.`)
    if (!taken.ok) {
      const held = await payload.count({ collection: 'reservations', where: { and: [{ product: { equals: product.id } }, { status: { in: ['awaiting_payment', 'active'] } }, { id: { not_equals: reservation.id } }] }, overrideAccess: true, req })
      throw held.totalDocs > 0 ? refuse(409, 'already_reserved', `Sorry, the ${name} has just been reserved by another customer.`) : refuse(409, 'sold_out', `Sorry, the ${name} has just sold.`)
    }
  },
)

/** Where the customer pays the deposit (or the result page, when it is already settled). */
export async function depositPaymentUrl(payload: Payload, r: Reservation, provider: PaymentProvider): Promise<string> {
  const result = paths.reservationSuccess(r.reservationNumber)
  if (r.status !== 'awaiting_payment') return result
  const start = await provider.startPayment(
    { orderNumber: r.reservationNumber, totalPence: r.depositPence, email: r.email, description: `Refundable reservation deposit ${r.reservationNumber}: ${r.productName}`, resultPath: '/reservation-success', resultParam: 'reservation' },
    `reservation-${r.reservationNumber}-deposit`,
  )
  if (r.payment?.reference !== start.reference || r.payment?.provider !== provider.name) {
    await payload.update({ collection: 'reservations', id: r.id, overrideAccess: true, depth: 0, context: { reservationLifecycle: true }, data: { payment: { ...r.payment, provider: provider.name, reference: start.reference } } })
  }
  return start.redirectUrl
}

/** Removes reservations a crash left 'pending' (SQLite): they hold nothing; any ledger rows go back first. */
export async function reconcilePendingReservations(payload: Payload, before: string): Promise<number> {
  // Loaded when a crash left something to reconcile: a server-only module, and the start-up sweep usually finds nothing.
  const { releaseStock } = await import('../stock/stock-ledger.server')
  const pending = await payload.find({ collection: 'reservations', where: { and: [{ 'stock.state': { equals: 'pending' } }, { createdAt: { less_than_equal: before } }] }, limit: 200, depth: 0, overrideAccess: true, pagination: false })
  for (const r of pending.docs) {
    await releaseStock(payload, null, reservationStockRef(r.id), ['held', 'sold'])
    await deletePendingReservation(payload, r.id)
    payload.logger.warn({ reservation: r.reservationNumber }, 'removed a reservation cut short while it was being placed (it held no stock)')
  }
  return pending.docs.length
}
