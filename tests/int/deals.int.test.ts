// Deals on a real database: ten identical "start a deal" requests at once make one deal with one history entry and
// one email; a customer's steps (a question, a reservation, a test ride) join the one deal for them and the bike and
// move it forward; staff move it only as its stages allow, a lost deal needs a reason, and "ready for handover"
// emails the customer once; the hub lists deals past their next action first; no customer reads a deal.
import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { describe, expect, it } from 'vitest'
import { adminUser, orderInput } from './order-fixtures'
import { formatPence } from '../../src/domain/money'
import { demoBike, rideInput, smallWorkshop } from './booking-fixtures'
import { db, payload, withTestPayload } from './payload'
import { fileOutbox } from './outbox'
import { daysThatFit, todayInUk } from '../../src/domain/booking/availability'
import { uniqueSuffix } from '../../src/setup/seed/factories'

process.env.RATE_LIMITS = 'off'
const outbox = fileOutbox('deals')

const { askAboutBike, startDeal } = await import('../../src/features/deals/enquiry.server')
const { POST: startedRoute } = await import('../../src/app/api/deals/started/route')
const { hubDeals, joinDeal } = await import('../../src/features/deals/deal-rows.server')
const { dealView } = await import('../../src/features/deals/deal-view.server')
const { placeReservation } = await import('../../src/features/reservations/place-reservation.server')
const { bookTestRide, loadBookingSettings } = await import('../../src/features/bookings/bookings.server')
const { runBackgroundPass } = await import('../../src/setup/jobs/runner.server')
const { unsubscribeByToken } = await import('../../src/features/deals/unsubscribe.server')
const { joinDealsOfPaidOrder } = await import('../../src/features/deals/join-deal.server')
const { valueBike } = await import('../../src/features/finance/part-exchange')
const { placeOrder } = await import('../../src/features/orders/place-order.server')
const { markOrderPaid } = await import('../../src/features/orders/order-lifecycle.server')
const { signLink } = await import('../../src/cms/auth/signed-links')

withTestPayload(async (p) => {
  await smallWorkshop(p)
  await p.updateGlobal({ slug: 'site-settings', overrideAccess: true, data: { reservations: { enabled: true, depositPence: 9900, holdHours: 72 } } })
}, 300_000)

const runJobs = () => payload.jobs.run({ limit: 100, overrideAccess: true, silent: true } as Parameters<Payload['jobs']['run']>[0])
const mailTo = async (address: string) => (await outbox.read()).filter((m) => m.to === address)
const person = () => ({ firstName: 'Ada', lastName: 'Rider', email: `ada.${randomUUID().slice(0, 8)}@example.co.uk`, phone: '07700900123' })
const bike = () => demoBike(payload, { name: 'Honda CB650R', engineCc: 649, powerKw: 70, weightKg: 203 })
const dealsOf = async (email: string) => (await payload.find({ collection: 'deals', where: { email: { equals: email } }, depth: 0, overrideAccess: true })).docs

describe(`deals on ${db}`, () => {
  it('ten identical questions at once make one deal, one history entry and one email', async () => {
    const productId = await bike()
    const who = person()
    const ask = { productId, contact: who, message: 'Is the CB650R available in red?', consent: true }
    const results = await Promise.all(Array.from({ length: 10 }, () => askAboutBike(payload, ask)))
    expect(results.every((r) => r.ok)).toBe(true)
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(1)
    const deals = await dealsOf(who.email)
    expect(deals).toHaveLength(1)
    const deal = deals[0]!
    expect(deal).toMatchObject({ status: 'new', source: 'enquiry', contact: { consent: true }, enquiry: { message: ask.message } })
    expect(deal.history?.map((h) => h.note)).toEqual(['Asked about the bike: “Is the CB650R available in red?”'])
    await runJobs()
    const sent = await mailTo(who.email)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ subject: expect.stringContaining('everything in one place'), idempotencyKey: `deal-${deal.id}-opened` })
    expect(sent[0]!.text).toMatch(/\/deals\/\d+\?token=/)
  })

  it('a reservation and a test ride join the one deal for the customer and the bike, and the test ride moves it on', async () => {
    const productId = await bike()
    const who = person()
    const reserved = await placeReservation(payload, { reservationKey: randomUUID(), productId, contact: { ...who, email: who.email.toUpperCase() } })
    expect(reserved).toMatchObject({ ok: true })
    const settings = await loadBookingSettings(payload)
    const day = daysThatFit(settings.workshop, todayInUk(new Date()), () => 0, 1, 40)[1]!
    const ride = await bookTestRide(payload, rideInput(productId, day, '10:00', { contact: who, licence: 'A' }))
    expect(ride).toMatchObject({ ok: true })
    const deals = await dealsOf(who.email)
    expect(deals).toHaveLength(1)
    expect(deals[0]!.status).toBe('test_ride')
    const view = await dealView(payload, deals[0]!.id)
    expect(view?.steps.map((s) => s.label).sort()).toEqual(['Booked a test ride', 'Reserved the bike'])
    // Unpaid, the reservation's deposit is not counted: the balance is the whole price.
    expect(view?.figures).toMatchObject({ cashPricePence: expect.any(Number), depositPence: 0 })
    expect(view?.figures.balancePence).toBe(view?.figures.cashPricePence)
    expect(view?.continueWith.map((c) => c.label)).toEqual(['Value my bike', 'Reserve this bike', 'Apply for finance'])
  })

  it('staff move a deal only as its stages allow; lost needs a reason; ready for handover emails the customer once', async () => {
    const user = await adminUser(payload)
    const productId = await bike()
    const who = person()
    const { dealId } = await joinDeal(payload, { step: 'test_ride', reference: 'TR-TEST', ...who, productId, productName: 'Honda CB650R' })
    await expect(payload.update({ collection: 'deals', id: dealId, overrideAccess: false, user, data: { status: 'handed_over' } })).rejects.toThrow(/cannot move to “Handed over”/)
    await expect(payload.update({ collection: 'deals', id: dealId, overrideAccess: false, user, data: { status: 'lost' } })).rejects.toThrow(/Say why the deal was lost/)
    await payload.update({ collection: 'deals', id: dealId, overrideAccess: false, user, data: { status: 'ready_for_handover', nextAction: 'Call to agree the day', nextActionDue: new Date(Date.now() + 86_400_000).toISOString() } })
    await runJobs()
    await payload.update({ collection: 'deals', id: dealId, overrideAccess: false, user, data: { notes: 'Wants it on Saturday' } })
    await runJobs()
    const mail = (await mailTo(who.email)).filter((m) => m.idempotencyKey === `deal-${dealId}-ready_for_handover`)
    expect(mail).toHaveLength(1)
    expect(mail[0]!.subject).toBe('Your Honda CB650R is ready for handover')
    const deal = await payload.findByID({ collection: 'deals', id: dealId, depth: 0, overrideAccess: true })
    expect(deal.history?.map((h) => [h.from ?? null, h.to ?? null])).toEqual([['new', 'test_ride'], ['test_ride', 'ready_for_handover'], [null, null], [null, null]])
    expect(deal.history?.[1]).toMatchObject({ actor: user.email, note: 'Bike prepared: ready for handover.' })
    await payload.update({ collection: 'deals', id: dealId, overrideAccess: false, user, data: { status: 'lost', lostReason: 'Bought elsewhere' } })
    expect((await payload.findByID({ collection: 'deals', id: dealId, depth: 0, overrideAccess: true })).history?.at(-1)?.note).toBe('Deal lost: Bought elsewhere')
    // A step on a lost deal reopens it.
    await joinDeal(payload, { step: 'reservation', reference: 'RS-AGAIN', ...who, productId, productName: 'Honda CB650R' })
    expect((await payload.findByID({ collection: 'deals', id: dealId, depth: 0, overrideAccess: true })).status).toBe('new')
  })

  it('the hub lists deals past their next action first, then by due date, and counts each stage', async () => {
    const productId = await bike()
    const stamp = uniqueSuffix()
    const ids: number[] = []
    for (const [i, due] of [[0, 3], [1, -2], [2, null], [3, -5]] as const) {
      const { dealId } = await joinDeal(payload, { step: 'enquiry', reference: `hub ${stamp} ${i}`, firstName: 'Hub', lastName: `Case${i}`, email: `hub.${stamp}.${i}@example.co.uk`, productId, productName: 'Honda CB650R' })
      await payload.update({ collection: 'deals', id: dealId, overrideAccess: true, data: { nextAction: 'Call', nextActionDue: due === null ? null : new Date(Date.now() + due * 86_400_000).toISOString() } })
      ids.push(dealId)
    }
    const page = await hubDeals(payload, { stages: ['new'], page: 1, now: new Date() })
    const mine = page.deals.filter((d) => ids.includes(d.id)).map((d) => d.id)
    expect(mine).toEqual([ids[3], ids[1], ids[0], ids[2]])
    expect(page.counts.new).toBeGreaterThanOrEqual(4)
  })

  it('no customer reads or changes a deal through the API, their own included', async () => {
    const productId = await bike()
    const who = person()
    const { dealId } = await joinDeal(payload, { step: 'enquiry', reference: 'api', ...who, productId, productName: 'Honda CB650R' })
    const customer = await payload.create({ collection: 'users', overrideAccess: true, data: { email: who.email, password: 'a-long-customer-password-1', role: 'customer' } as never })
    const user = { ...customer, collection: 'users' as const }
    expect((await payload.find({ collection: 'deals', overrideAccess: false, user, depth: 0 }).catch(() => ({ docs: [] }))).docs).toEqual([])
    await expect(payload.update({ collection: 'deals', id: dealId, overrideAccess: false, user, data: { status: 'contacted' } })).rejects.toThrow()
  })

  it('the reminder sweep run twice sends one reminder to the customer who stopped in a checkout and agreed, none to one who did not, applied or paid, and one click stops it', async () => {
    const productId = await bike()
    const agreed = person()
    const silent = person()
    const applied = person()
    const paid = person()
    const asked = new Date(Date.now() - 30 * 3600_000)
    const later = new Date(Date.now() - 29 * 3600_000)
    const yes = await startDeal(payload, { productId, from: 'checkout', contact: agreed, consent: true }, { now: asked })
    const no = await askAboutBike(payload, { productId, contact: silent, message: 'Can I see it on Sunday?', consent: false }, { now: asked })
    const financed = await startDeal(payload, { productId, from: 'finance', contact: applied, consent: true }, { now: asked })
    const bought = await startDeal(payload, { productId, from: 'checkout', contact: paid, consent: true }, { now: asked })
    if (!yes.ok || !no.ok || !financed.ok || !bought.ok) throw new Error('a step was refused')
    // Those two finished later: an application, and a card payment (which joins only a deal already open).
    await joinDeal(payload, { step: 'finance_application', reference: 'WH-APPLIED', ...applied, productId, productName: 'Honda CB650R', now: later })
    expect(await joinDealsOfPaidOrder(payload, { orderNumber: 'WH-PAID', ...paid, lines: [{ product: productId, name: 'Honda CB650R' }] }, later)).toBe(1)
    expect(await joinDealsOfPaidOrder(payload, { orderNumber: 'WH-NO-DEAL', ...person(), lines: [{ product: productId, name: 'Honda CB650R' }] }, later)).toBe(0)
    await runBackgroundPass(payload, { sweep: true })
    await runBackgroundPass(payload, { sweep: true })
    await runJobs()
    const keyed = async (address: string, key: string) => (await mailTo(address)).filter((m) => m.idempotencyKey === key)
    const sent = await keyed(agreed.email, `deal-${yes.dealId}-reminder`)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    expect(sent[0]!.text).toMatch(/\/deals\/\d+\?token=/)
    // A checkout left unfinished opens its deal quietly: the reminder is the one email, and it carries the link.
    expect(await mailTo(agreed.email)).toHaveLength(1)
    expect(await keyed(silent.email, `deal-${no.dealId}-reminder`)).toHaveLength(0)
    expect(await keyed(applied.email, `deal-${financed.dealId}-reminder`)).toHaveLength(0)
    expect(await keyed(paid.email, `deal-${bought.dealId}-reminder`)).toHaveLength(0)
    // The application was the first finished step: it sent the deal's link.
    expect(await keyed(applied.email, `deal-${financed.dealId}-opened`)).toHaveLength(1)
    const paidDeal = await payload.findByID({ collection: 'deals', id: bought.dealId, depth: 0, overrideAccess: true })
    expect(paidDeal).toMatchObject({ lastStep: 'paid' })
    expect(paidDeal.history?.map((h) => h.note)).toEqual(['Started checking out: the basket’s checkout', 'Paid for the bike: WH-PAID'])
    const deal = await payload.findByID({ collection: 'deals', id: yes.dealId, depth: 0, overrideAccess: true })
    expect(deal.contact?.reminderSentAt).toBeTruthy()
    expect(await unsubscribeByToken(payload, await signLink('deal-unsubscribe', yes.dealId))).toBe(true)
    expect(await unsubscribeByToken(payload, 'forged.token.value')).toBe(false)
    const after = await payload.findByID({ collection: 'deals', id: yes.dealId, depth: 0, overrideAccess: true })
    expect(after.contact).toMatchObject({ consent: false, unsubscribedAt: expect.any(String) })
  })

  it('a staff quote with a part-exchange and a delivery charge: its page and email say the same figures, and a card payment for the bike joins the deal and leaves only the delivery to pay', async () => {
    const user = await adminUser(payload)
    const productId = await bike()
    const who = person()
    const valued = await valueBike(payload, { registration: 'AB21 CDE', mileage: 9000, condition: 'good', outstandingFinancePence: 50_000, make: 'Honda', year: 2021 })
    if (!valued.ok) throw new Error(valued.message)
    const valuation = (await payload.find({ collection: 'part-exchange-valuations', where: { valuationUid: { equals: valued.valuation.valuationId } }, depth: 0, overrideAccess: true })).docs[0]!
    const deal = await payload.create({ collection: 'deals', overrideAccess: false, user, data: { ...who, product: productId, handover: 'delivery', valuation: valuation.id, quote: { deliveryPence: 8900, send: true } } as never })
    await runJobs()
    const view = (await dealView(payload, deal.id))!
    const cash = view.figures.cashPricePence
    const net = valued.valuation.valuePence - 50_000
    expect(view.figures).toMatchObject({ deliveryPence: 8900, totalPricePence: cash + 8900, partExchange: { netPence: net, state: 'held' }, depositPence: 0, balancePence: cash + 8900 - net })
    expect(view.quoteDeliveryPence).toBe(8900)
    const mail = (await mailTo(who.email)).find((m) => m.subject.startsWith('Your quote'))!
    for (const figure of [cash, 8900, cash + 8900, net, cash + 8900 - net]) expect(mail.text).toContain(formatPence(figure))
    expect(mail.text).toContain('Your part-exchange, subject to inspection')
    // Collection instead: the delivery charge no longer counts.
    await payload.update({ collection: 'deals', id: deal.id, overrideAccess: false, user, data: { handover: 'collection' } })
    expect((await dealView(payload, deal.id))!.figures).toMatchObject({ deliveryPence: 0, balancePence: cash - net })

    // Paid by card (the bike alone, collected): the order joins the deal, which shows what the card paid.
    await payload.update({ collection: 'deals', id: deal.id, overrideAccess: false, user, data: { handover: 'delivery', valuation: null } })
    const placed = await placeOrder(payload, orderInput([{ productId, count: 1 }], { contact: who }))
    if (!placed.ok) throw new Error(JSON.stringify(placed))
    const order = await payload.findByID({ collection: 'orders', id: placed.orderId, depth: 0, overrideAccess: true })
    await markOrderPaid(payload, { orderNumber: order.orderNumber, reference: `int_${order.orderNumber}`, amountPence: order.totalPence, provider: 'int-test' })
    await runJobs()
    const paidView = (await dealView(payload, deal.id))!
    expect(paidView).toMatchObject({ cardOrderNumber: order.orderNumber, figuresFrom: 'order' })
    expect(paidView.figures).toMatchObject({ cashPricePence: order.totalPence, deliveryPence: 8900, depositPence: order.totalPence, balancePence: 8900 })
    const stored = await payload.findByID({ collection: 'deals', id: deal.id, depth: 0, overrideAccess: true })
    expect(stored.lastStep).toBe('paid')
    expect(stored.history?.at(-1)?.note).toBe(`Paid for the bike: ${order.orderNumber}`)
  })

  it('a step whose deal was never joined (a crash in between) gets its deal from the background pass', async () => {
    const productId = await bike()
    const who = person()
    // The reservation commits; joining its deal is what a crash would lose, so the deal is removed here.
    const placed = await placeReservation(payload, { reservationKey: randomUUID(), productId, contact: who })
    if (!placed.ok) throw new Error(placed.message)
    await payload.delete({ collection: 'deals', where: { email: { equals: who.email } }, overrideAccess: true })
    expect(await dealsOf(who.email)).toHaveLength(0)
    // Two minutes on: a step younger than a minute may still be joining its deal, so the pass leaves it.
    await runBackgroundPass(payload, { sweep: true, now: new Date(Date.now() + 2 * 60_000) })
    const deals = await dealsOf(who.email)
    expect(deals).toHaveLength(1)
    expect(deals[0]!.history?.[0]?.note).toBe(`Reserved the bike: ${placed.reservationNumber}`)
  })

  it('a customer in the finance checkout who agrees to be contacted has their deal opened before applying; the route answers alike whether or not one existed', async () => {
    const productId = await bike()
    const who = person()
    const post = () => startedRoute(new Request('http://localhost:3000/api/deals/started', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, body: JSON.stringify({ productId, contact: who, consent: true }) }))
    const first = await post()
    const second = await post()
    expect([first.status, second.status]).toEqual([202, 202])
    expect(await first.json()).toEqual(await second.json())
    const deals = await dealsOf(who.email)
    expect(deals).toHaveLength(1)
    expect(deals[0]).toMatchObject({ status: 'new', source: 'finance_started', lastStep: 'finance_started', contact: { consent: true } })
    expect(deals[0]!.history?.map((h) => h.note)).toEqual(['Started a finance application: the finance checkout'])
    expect(await startDeal(payload, { productId: 999_999, from: 'finance', contact: who, consent: true })).toMatchObject({ ok: false, status: 404 })
    // Without consent the browser never calls: the schema refuses it.
    const refused = await startedRoute(new Request('http://localhost:3000/api/deals/started', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ productId, contact: person(), consent: false }) }))
    expect(refused.status).toBe(400)
  })
})
