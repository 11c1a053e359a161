// Everything one deal joins, read for the customer's deal page, the staff panel and the deal's emails: the steps
// are found from the customer and the bike (their reservation, finance application and test rides), so the deal
// never says something the records themselves do not. The figures come from the one rule (domain/deals).
import 'server-only'
import type { Payload, Where } from 'payload'
import { paths } from '../../config/paths'
import { chargesFromExtraFee, headlinePricePence } from '../../domain/catalogue/product-price'
import { dealFigures, financeDealFigures, type DealFigures, type DealPartExchange } from '../../domain/deals/deal-figures'
import { DEAL_STAGES, isDealStage, type DealStage } from '../../domain/deals/deal-stages'
import { formatDayLong } from '../../domain/booking/calendar'
import { RESERVATION_STATES, type ReservationStatus } from '../../domain/reservations/reservation-rules'
import type { Booking, Deal, Order, PartExchangeValuation, Product, Reservation } from '../../payload-types'

export interface DealStepView {
  readonly label: string
  readonly detail: string
  readonly at: string
}

export interface DealNextLink {
  readonly label: string
  readonly href: string
}

export interface DealView {
  readonly id: number
  readonly stage: DealStage
  readonly stageLabel: string
  readonly next: string
  readonly productId: number
  readonly productName: string
  readonly productSlug: string | null
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly customerId: number | null
  readonly handover: 'collection' | 'delivery' | null
  readonly consent: boolean
  readonly steps: readonly DealStepView[]
  /** Where the customer carries on: the steps not yet taken, each one click away. */
  readonly continueWith: readonly DealNextLink[]
  readonly figures: DealFigures
  /** What the figures were read from: the finance application, the card order, the reservation or the bike's price today. */
  readonly figuresFrom: 'finance application' | 'order' | 'reservation' | 'quote' | 'price today'
  /** A finance application's lender and amount borrowed, when there is one. */
  readonly finance: { readonly orderNumber: string; readonly lender: string; readonly status: string; readonly advancePence: number | null } | null
  /** The card order that paid for the bike, when there is one. */
  readonly cardOrderNumber: string | null
  readonly valuation: { readonly vrm: string; readonly make: string; readonly year: number } | null
  /** A quote staff sent: when, and its lines at today's prices (the bike, then the accessories). */
  readonly quoteSentAt: string | null
  readonly quoteLines: readonly { readonly productId: number; readonly variantId?: number | null; readonly name: string; readonly pricePence: number }[]
  /** The dealer's delivery charge staff quoted, counted once the customer chose delivery; paid at the handover. */
  readonly quoteDeliveryPence: number
  readonly timeline: readonly { readonly at: string; readonly actor: string; readonly note: string; readonly staff: boolean; readonly stageChange: boolean }[]
}

const idOf = (v: unknown): number | null => (v == null ? null : typeof v === 'object' ? Number((v as { id: unknown }).id) : Number(v))
const sameEmail = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b

const FINANCE_STATUS_LABELS: Readonly<Record<string, string>> = { submitted: 'Submitted to the lender', referred: 'Referred by the lender', approved: 'Approved', declined: 'Declined', cancelled: 'Cancelled' }

async function findSteps(payload: Payload, deal: Deal) {
  const productId = idOf(deal.product)!
  const email = deal.email.trim().toLowerCase()
  // `like` compares without case on both databases; the exact address is checked below.
  const [reservations, orders, rides] = await Promise.all([
    payload.find({ collection: 'reservations', where: { and: [{ product: { equals: productId } }, { email: { like: email } }] }, sort: '-createdAt', limit: 10, depth: 0, overrideAccess: true }),
    payload.find({ collection: 'orders', where: { and: [{ 'lines.product': { equals: productId } }, { email: { like: email } }] }, sort: '-createdAt', limit: 10, depth: 0, overrideAccess: true }),
    payload.find({ collection: 'bookings', where: { and: [{ kind: { equals: 'test_ride' } }, { 'testRide.product': { equals: productId } }, { email: { like: email } }] }, sort: '-createdAt', limit: 10, depth: 0, overrideAccess: true }),
  ])
  return {
    reservations: reservations.docs.filter((r) => sameEmail(r.email, email)) as Reservation[],
    orders: orders.docs.filter((o) => sameEmail(o.email, email)) as Order[],
    rides: rides.docs.filter((b) => sameEmail(b.email, email)) as Booking[],
  }
}

async function findValuation(payload: Payload, deal: Deal, reservation: Reservation | undefined, application: Order | undefined): Promise<PartExchangeValuation | null> {
  const ors: Where[] = []
  if (application) ors.push({ order: { equals: application.id } })
  if (reservation) ors.push({ reservation: { equals: reservation.id } })
  const own = idOf(deal.valuation)
  if (own) ors.push({ id: { equals: own } })
  if (ors.length === 0) return null
  const found = await payload.find({ collection: 'part-exchange-valuations', where: { or: ors }, sort: '-createdAt', limit: 1, depth: 0, overrideAccess: true })
  return found.docs[0] ?? null
}

function partExchangeOf(v: PartExchangeValuation | null): DealPartExchange | null {
  if (!v) return null
  return { quotedPence: v.valuePence, confirmedPence: v.inspection?.confirmedValuePence ?? null, adjustmentReason: v.inspection?.adjustmentReason ?? null, outstandingFinancePence: v.outstandingFinancePence ?? 0, expiresAt: v.expiresAt }
}

/** A product's headline price today: its price with every mandatory charge (ADR 023), as the basket charges it. */
const headlineOf = (p: Product) => headlinePricePence({ basePricePence: p.price ?? null, vatRatePercent: p.vatRate, charges: chargesFromExtraFee(p.beforeAddToBasketNotification?.extraFee) })

const pounds = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

export async function dealView(payload: Payload, dealId: number, now = new Date()): Promise<DealView | null> {
  const deal = await payload.findByID({ collection: 'deals', id: dealId, depth: 0, overrideAccess: true, disableErrors: true })
  if (!deal || !isDealStage(deal.status)) return null
  const productId = idOf(deal.product)!
  const product = (await payload.findByID({ collection: 'products', id: productId, depth: 0, overrideAccess: true, disableErrors: true })) as Product | null
  const { reservations, orders, rides } = await findSteps(payload, deal)
  const live = (r: Reservation) => r.status === 'active' || r.status === 'converted'
  const reservation = reservations.find(live) ?? reservations[0]
  const application = orders.find((o) => o.kind === 'finance' && o.status !== 'cancelled')
  const cardOrder = orders.find((o) => o.kind !== 'finance' && o.payment?.paidAt && o.status !== 'cancelled' && o.status !== 'refunded')
  const valuation = await findValuation(payload, deal, reservation, application)
  const px = partExchangeOf(valuation)

  const accessoryIds = (deal.quote?.accessories ?? []).map(idOf).filter((n): n is number => n !== null)
  const accessoryDocs = accessoryIds.length ? (await payload.find({ collection: 'products', where: { and: [{ id: { in: accessoryIds } }, { status: { equals: 'active' } }] }, limit: 10, depth: 0, overrideAccess: true })).docs : []
  const quoteAccessories = accessoryDocs.map((p) => ({ productId: p.id, name: p.name, pricePence: headlineOf(p) })).filter((a): a is { productId: number; name: string; pricePence: number } => a.pricePence !== null)
  const quoteDelivery = deal.handover === 'delivery' ? (deal.quote?.deliveryPence ?? 0) : 0
  let figures: DealFigures
  let figuresFrom: DealView['figuresFrom']
  let finance: DealView['finance'] = null
  if (application) {
    const stored = (application.finance?.figures ?? {}) as Record<string, unknown>
    const [bike, ...rest] = application.lines
    figures = financeDealFigures({ bikePence: bike?.lineTotalPence ?? 0, accessories: rest.map((l) => ({ name: l.name, pricePence: l.lineTotalPence })), totalDepositPounds: pounds(stored.TotalDeposit) ?? 0, partExchange: px }, now)
    figuresFrom = 'finance application'
    finance = { orderNumber: application.orderNumber, lender: application.finance?.lenderName ?? 'Lender', status: FINANCE_STATUS_LABELS[application.financeStatus ?? ''] ?? 'Submitted', advancePence: pounds(stored.Advance) === null ? null : Math.round(pounds(stored.Advance)! * 100) }
  } else if (cardOrder) {
    // Paid by card: the order's own lines, and everything it took (the reservation's deposit counted in it). A
    // delivery the checkout left to be agreed is the quoted charge, still to pay at the handover.
    const [bike, ...rest] = cardOrder.lines
    const orderDelivery = cardOrder.delivery?.feePence ?? 0
    figures = dealFigures({ cashPricePence: bike?.lineTotalPence ?? 0, accessories: rest.map((l) => ({ name: l.name, pricePence: l.lineTotalPence })), deliveryPence: orderDelivery > 0 ? orderDelivery : quoteDelivery, partExchange: px, depositPence: cardOrder.totalPence }, now)
    figuresFrom = 'order'
  } else {
    const paidDeposit = reservation && live(reservation) ? reservation.depositPence : 0
    const cash = reservation?.pricePence ?? (product ? headlineOf(product) : null) ?? 0
    figures = dealFigures({ cashPricePence: cash, accessories: quoteAccessories, deliveryPence: quoteDelivery, partExchange: px, depositPence: paidDeposit }, now)
    figuresFrom = reservation ? 'reservation' : quoteAccessories.length > 0 || quoteDelivery > 0 ? 'quote' : 'price today'
  }

  const steps: DealStepView[] = []
  if (deal.enquiry?.askedAt) steps.push({ label: 'Asked about the bike', detail: deal.enquiry.message ?? '', at: deal.enquiry.askedAt })
  if (valuation) steps.push({ label: 'Valued a part-exchange', detail: `${valuation.year} ${valuation.make} (${valuation.vrm})`, at: valuation.createdAt })
  for (const r of reservations) steps.push({ label: 'Reserved the bike', detail: `${r.reservationNumber}: ${RESERVATION_STATES[r.status as ReservationStatus]?.label ?? r.status}`, at: r.createdAt })
  for (const b of rides) steps.push({ label: 'Booked a test ride', detail: `${b.reference}: ${b.day ? formatDayLong(b.day) : ''}${b.window ? ` at ${b.window}` : ''}`, at: b.createdAt })
  if (application) steps.push({ label: 'Applied for finance', detail: `${application.orderNumber} with ${finance?.lender}: ${finance?.status}`, at: application.createdAt })
  if (cardOrder) steps.push({ label: 'Paid by card', detail: cardOrder.orderNumber, at: cardOrder.payment?.paidAt ?? cardOrder.createdAt })
  steps.sort((a, b) => a.at.localeCompare(b.at))

  const slug = product?.slug ?? null
  const stage = deal.status as DealStage
  const continueWith: DealNextLink[] = []
  if (slug && !DEAL_STAGES[stage].final) {
    if (rides.length === 0) continueWith.push({ label: 'Book a test ride', href: paths.testRide(slug) })
    if (!valuation || px && figures.partExchange?.state === 'expired') continueWith.push({ label: valuation ? 'Value my bike again' : 'Value my bike', href: paths.valueMyBike() })
    if (!reservation || !live(reservation)) continueWith.push({ label: 'Reserve this bike', href: paths.reserve(slug) })
    if (!application) continueWith.push({ label: 'Apply for finance', href: paths.financeCheckoutProduct(slug) })
  }

  return {
    id: deal.id,
    stage,
    stageLabel: DEAL_STAGES[stage].label,
    next: DEAL_STAGES[stage].next,
    productId,
    productName: deal.productName ?? product?.name ?? 'Bike',
    productSlug: slug,
    firstName: deal.firstName,
    lastName: deal.lastName,
    email: deal.email,
    customerId: idOf(deal.customer),
    handover: deal.handover ?? null,
    consent: Boolean(deal.contact?.consent),
    steps,
    continueWith,
    figures,
    figuresFrom,
    finance,
    cardOrderNumber: cardOrder?.orderNumber ?? null,
    valuation: valuation ? { vrm: valuation.vrm, make: valuation.make, year: valuation.year } : null,
    quoteSentAt: deal.quote?.sentAt ?? null,
    quoteLines: [{ productId, variantId: idOf(deal.variant), name: deal.productName ?? product?.name ?? 'Bike', pricePence: figures.cashPricePence }, ...quoteAccessories],
    quoteDeliveryPence: quoteDelivery,
    timeline: (deal.history ?? []).map((h) => ({ at: h.at, actor: h.actor ?? '', note: h.note ?? '', staff: h.by != null || !['customer', 'lender', 'shop'].includes(h.actor ?? ''), stageChange: Boolean(h.to) })),
  }
}
