// Data rights: the copy of a customer's data covers every collection that relates to a customer (found from the
// Payload config, so a collection added later is covered or fails here), and erasure leaves none of the customer's
// personal data anywhere in the database except the fields the erasure policy keeps (ADR 050).
import { randomUUID } from 'node:crypto'
import type { CollectionSlug, Endpoint, Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ERASURE_POLICY, retainedPaths } from '../../src/domain/data-rights/erasure-policy'
import type { EmailSender } from '../../src/adapters/email/email-sender'
import type { PlaceOrderInput } from '../../src/features/orders/order-contract'
import { orderInput, simpleProduct } from './order-fixtures'
import { testPayload } from './payload'

vi.mock('server-only', () => ({}))
process.env.RATE_LIMITS = 'off'

const { relatedCollections } = await import('../../src/features/data-rights/customer-records.server')
const { customerExport, recordRequest } = await import('../../src/features/data-rights/data-requests.server')
const { runErasure } = await import('../../src/features/data-rights/erase.server')
const { DataRequests } = await import('../../src/features/data-rights/data-requests-collection')
const { exportForAccount, requestErasureForAccount } = await import('../../src/features/data-rights/account-requests.server')
const { placeOrder } = await import('../../src/features/orders/place-order.server')
const { markOrderPaid } = await import('../../src/features/orders/order-lifecycle.server')

let payload: Payload
const PASSWORD = 'a-long-customer-password-123'
const memory: EmailSender = { name: 'outbox', send: async () => ({ id: '1', location: 'memory' }) }

/** Places an order that must succeed, answering its number. */
async function place(input: PlaceOrderInput): Promise<{ orderNumber: string }> {
  const result = await placeOrder(payload, input)
  if (!result.ok) throw new Error(`order refused: ${result.message}`)
  return result
}

beforeAll(async () => {
  payload = await testPayload()
}, 120_000)

interface Person {
  id: number
  email: string
  firstName: string
  lastName: string
  phone: string
  line1: string
  postcode: string
  orderIds: number[]
}

async function customer(confirmed = true): Promise<Person> {
  const tag = randomUUID().slice(0, 8)
  const person = { email: `erin.${tag}@example.co.uk`, firstName: `Erin${tag}`, lastName: `Quill${tag}`, phone: `07700 9${tag.replace(/\D/g, '0').slice(0, 5)}`, line1: `${tag} Mill Lane`, postcode: 'LS1 4AB' }
  const user = await payload.create({ collection: 'users', overrideAccess: true, data: { email: person.email, password: PASSWORD, role: 'customer', firstName: person.firstName, lastName: person.lastName, phone: person.phone, addresses: [{ label: 'Home', line1: person.line1, town: 'Leeds', postcode: person.postcode, country: 'GB' }] } as never })
  if (confirmed) await payload.db.updateOne({ collection: 'users', id: user.id, data: { emailConfirmedAt: new Date().toISOString() } })
  return { ...person, id: Number(user.id), orderIds: [] }
}

const contactOf = (p: Person) => ({ firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phone })
const addressOf = (p: Person) => ({ line1: p.line1, line2: '', town: 'Leeds', county: '', postcode: p.postcode })

/** A customer with something in every kind of record the shop keeps about one: orders (paid, unpaid, and one placed as a guest with the same address), a valuation, a payment event, a finished booking, a saved bike, an API token. */
async function busyCustomer(): Promise<Person> {
  const p = await customer()
  const productId = await simpleProduct(payload, 10, 2500)
  const paid = await place(orderInput([{ productId, count: 1 }], { contact: contactOf(p), address: addressOf(p), customerId: p.id }))
  await markOrderPaid(payload, { orderNumber: paid.orderNumber, reference: `int_${paid.orderNumber}`, amountPence: 2500, provider: 'int-test' }, { email: memory })
  await place(orderInput([{ productId, count: 1 }], { contact: contactOf(p), address: addressOf(p), customerId: p.id }))
  await place(orderInput([{ productId, count: 1 }], { contact: contactOf(p), address: addressOf(p) }))
  const orders = await payload.find({ collection: 'orders', where: { email: { equals: p.email } }, depth: 0, overrideAccess: true, pagination: false })
  p.orderIds = orders.docs.map((o) => Number(o.id))
  expect(p.orderIds).toHaveLength(3)
  // Paid orders are finished (delivered) so nothing is under way; the unpaid one still holds its stock.
  const paidId = Number(orders.docs.find((o) => o.orderNumber === paid.orderNumber)!.id)
  await payload.db.updateOne({ collection: 'orders', id: paidId, data: { status: 'completed', staffNotes: `Rang ${p.phone} about delivery` } })
  const valuation = await payload.create({ collection: 'part-exchange-valuations', overrideAccess: true, data: { valuationUid: randomUUID(), vrm: `YX${p.id}ABC`, make: 'Honda', year: 2019, mileage: 12000, condition: 'good', lowPence: 100000, highPence: 150000, valuePence: 120000, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), order: paidId, inspection: { notes: `Owner ${p.firstName} says one scratch` } } as never })
  await payload.create({ collection: 'finance-quotes', overrideAccess: true, data: { quoteUid: randomUUID(), product: productId, facilityType: 'HP', figures: {}, valuation: valuation.id, expiresAt: new Date(Date.now() + 86_400_000).toISOString() } as never })
  await payload.create({ collection: 'payment-events', overrideAccess: true, data: { eventId: `evt_${randomUUID()}`, provider: 'int-test', type: 'payment.succeeded', order: paidId, outcome: 'applied' } as never })
  await payload.db.create({ collection: 'bookings', data: { reference: `WB-${randomUUID().slice(0, 8)}`, kind: 'service', status: 'collected', source: 'online', day: '2026-01-05', window: '09:00', resource: 'workshop', minutes: 60, customer: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phone, service: { bike: { make: 'Trek', model: 'Domane', notes: `Call ${p.phone}` } } } })
  await payload.create({ collection: 'saved-bikes', overrideAccess: true, data: { customer: p.id, product: productId, alerts: true } as never })
  // A failed sign-in on the account: counted under its address.
  await expect(payload.login({ collection: 'users', data: { email: p.email, password: 'a-wrong-password-for-this' } })).rejects.toThrow()
  await payload.create({ collection: 'api-tokens', overrideAccess: true, data: { jti: randomUUID(), user: p.id, expiresAt: new Date(Date.now() + 86_400_000).toISOString() } as never })
  return p
}

/** Every string of every record in every collection that holds one of the person's details, as "collection.path". */
async function traces(p: Person): Promise<{ slug: string; id: unknown; path: string; paid: boolean }[]> {
  const needles = [p.email.toLowerCase(), p.firstName.toLowerCase(), p.lastName.toLowerCase(), p.line1.toLowerCase(), p.phone.replace(/\s/g, '')]
  const found: { slug: string; id: unknown; path: string; paid: boolean }[] = []
  const walk = (slug: string, id: unknown, paid: boolean, value: unknown, path: string) => {
    if (typeof value === 'string') {
      const text = value.toLowerCase()
      if (needles.some((n) => text.includes(n) || text.replace(/\s/g, '').includes(n))) found.push({ slug, id, path, paid })
    } else if (Array.isArray(value)) value.forEach((v) => walk(slug, id, paid, v, path))
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(slug, id, paid, v, path ? `${path}.${k}` : k)
  }
  for (const collection of payload.config.collections) {
    const docs = await payload.find({ collection: collection.slug as CollectionSlug, depth: 0, pagination: false, overrideAccess: true, showHiddenFields: true })
    for (const doc of docs.docs as unknown as Record<string, unknown>[]) walk(collection.slug, doc.id, Boolean((doc.payment as { paidAt?: string } | undefined)?.paidAt), doc, '')
  }
  return found
}

describe('which collections relate to a customer', () => {
  it('every one has an erasure policy, and the known ones are all found', () => {
    const related = [...relatedCollections(payload).keys()]
    expect(related.filter((slug) => !ERASURE_POLICY[slug])).toEqual([])
    // The rule is read from the config: these must stay found, whatever their fields become.
    expect(related).toEqual(expect.arrayContaining(['users', 'orders', 'reservations', 'bookings', 'saved-bikes', 'part-exchange-valuations', 'finance-quotes', 'payment-events', 'api-tokens', 'data-requests']))
    // Every policy names a collection that exists and relates to a customer (no stale entries hiding a rename).
    expect(Object.keys(ERASURE_POLICY).filter((slug) => !related.includes(slug))).toEqual([])
  })

  it('the copy has a section for every related collection a customer\u2019s data covers, and finds the customer\u2019s records in each', async () => {
    const p = await busyCustomer()
    const doc = (await customerExport(payload, p.id))!
    const covered = [...relatedCollections(payload).keys()].filter((slug) => ERASURE_POLICY[slug]!.action !== 'staff-only')
    expect(Object.keys(doc.collections).sort()).toEqual(covered.sort())
    const count = (slug: string) => doc.collections[slug]!.length
    expect({ users: count('users'), orders: count('orders'), bookings: count('bookings'), 'saved-bikes': count('saved-bikes'), valuations: count('part-exchange-valuations'), quotes: count('finance-quotes'), events: count('payment-events'), tokens: count('api-tokens') }).toEqual({ users: 1, orders: 3, bookings: 1, 'saved-bikes': 1, valuations: 1, quotes: 1, events: 1, tokens: 1 })
    // Credentials are not part of the copy.
    expect(JSON.stringify(doc)).not.toMatch(/"(hash|salt|passwordArgon2|accessTokenHash|checkoutKey|jti)"/)
  })
})

describe('a customer asks from their account', () => {
  it('downloads JSON and a readable page, each recorded; a guest gets 401 and a bad format 400', async () => {
    const p = await customer()
    const asJson = await exportForAccount(payload, p.id, 'json')
    expect(asJson.status).toBe(200)
    expect(asJson.headers.get('content-disposition')).toMatch(/attachment/)
    expect(((await asJson.json()) as { subject: { email: string } }).subject.email).toBe(p.email)
    const page = await exportForAccount(payload, p.id, 'html')
    const html = await page.text()
    expect(html).toContain('<html lang="en-GB">')
    expect(html).toContain(p.firstName)
    expect((await exportForAccount(payload, null, 'json')).status).toBe(401)
    expect((await exportForAccount(payload, p.id, 'pdf')).status).toBe(400)
    const recorded = await payload.find({ collection: 'data-requests', where: { accountNumber: { equals: p.id } }, overrideAccess: true })
    expect(recorded.docs.map((r) => [r.kind, r.status, r.channel])).toEqual([['export', 'completed', 'account'], ['export', 'completed', 'account']])
  })

  it('erasure needs the account\u2019s own password; a wrong one erases nothing', async () => {
    const p = await customer()
    const wrong = await requestErasureForAccount(payload, p.id, { password: 'not-the-password-at-all' }, new Headers())
    expect(wrong.status).toBe(403)
    expect(await payload.findByID({ collection: 'users', id: p.id, overrideAccess: true, disableErrors: true })).not.toBeNull()
    expect((await payload.count({ collection: 'data-requests', where: { accountNumber: { equals: p.id } }, overrideAccess: true })).totalDocs).toBe(0)
  })

  it('erasure is refused while an order is being fulfilled, and the refusal is recorded', async () => {
    const p = await customer()
    const productId = await simpleProduct(payload, 5, 2500)
    const placed = await place(orderInput([{ productId, count: 1 }], { contact: contactOf(p), address: addressOf(p), customerId: p.id }))
    await markOrderPaid(payload, { orderNumber: placed.orderNumber, reference: `int_${placed.orderNumber}`, amountPence: 2500, provider: 'int-test' }, { email: memory })
    const answer = await requestErasureForAccount(payload, p.id, { password: PASSWORD }, new Headers())
    expect(answer.status).toBe(409)
    expect(await answer.text()).toContain(placed.orderNumber)
    expect(await payload.findByID({ collection: 'users', id: p.id, overrideAccess: true, disableErrors: true })).not.toBeNull()
    const recorded = await payload.find({ collection: 'data-requests', where: { accountNumber: { equals: p.id } }, overrideAccess: true })
    expect(recorded.docs.map((r) => [r.kind, r.status])).toEqual([['erasure', 'refused']])
  })

  it('erasure leaves nothing of the customer but the retained fields, closes the account, and running again changes nothing', async () => {
    const p = await busyCustomer()
    const answer = await requestErasureForAccount(payload, p.id, { password: PASSWORD }, new Headers())
    expect(answer.status).toBe(202)
    expect(answer.headers.get('set-cookie')).toMatch(/Max-Age=0/)
    const { requestId } = (await answer.json()) as { requestId: number }
    const job = await payload.find({ collection: 'payload-jobs', where: { 'input.requestId': { equals: requestId } }, overrideAccess: true })
    expect(job.docs[0]?.error ?? null).toBeNull()
    const request = await payload.findByID({ collection: 'data-requests', id: requestId, depth: 0, overrideAccess: true })
    expect(request).toMatchObject({ kind: 'erasure', status: 'completed', accountNumber: p.id, subjectEmail: '', customer: null })

    // The account is gone.
    expect(await payload.findByID({ collection: 'users', id: p.id, overrideAccess: true, disableErrors: true })).toBeNull()

    // Every trace left is a field the policy keeps, on a record it keeps it on.
    const left = await traces(p)
    expect(left.filter((t) => !retainedPaths(ERASURE_POLICY[t.slug], t.paid).includes(t.path))).toEqual([])
    // The paid sale keeps its VAT-invoice name and address; the unpaid and guest ones keep nothing.
    expect(new Set(left.map((t) => `${t.slug}:${t.path}`))).toEqual(new Set(['orders:firstName', 'orders:lastName', 'orders:address.line1']))
    expect(new Set(left.map((t) => t.id)).size).toBe(1)
    // Its figures stay whole.
    const orders = await payload.find({ collection: 'orders', where: { id: { in: p.orderIds } }, depth: 0, overrideAccess: true, pagination: false })
    expect(orders.docs.every((o) => o.totalPence === 2500 && o.email === '' && o.phone === '' && o.customer == null)).toBe(true)
    expect((await payload.count({ collection: 'saved-bikes', where: { customer: { equals: p.id } }, overrideAccess: true })).totalDocs).toBe(0)

    // No sign-in with it (the failed attempt is a new record of its own, made after the erasure).
    await expect(payload.login({ collection: 'users', data: { email: p.email, password: PASSWORD } })).rejects.toThrow()

    // The job again (a retry after a crash) finds it done and changes nothing.
    const before = JSON.stringify(orders.docs)
    await runErasure(payload, requestId)
    const again = await payload.find({ collection: 'orders', where: { id: { in: p.orderIds } }, depth: 0, overrideAccess: true, pagination: false })
    expect(JSON.stringify(again.docs)).toBe(before)
  })
})

describe('the erasure job run many times at once', () => {
  it('ends with the same result as one run: the account gone, the request completed once, nothing personal left', async () => {
    const p = await busyCustomer()
    const requestId = await recordRequest(payload, { kind: 'erasure', customerId: p.id, email: p.email, channel: 'email', status: 'received' })
    // A try that loses a race fails and is retried by the runner; the retry here stands for it.
    await Promise.allSettled(Array.from({ length: 10 }, () => runErasure(payload, requestId)))
    await runErasure(payload, requestId)
    expect(await payload.findByID({ collection: 'data-requests', id: requestId, depth: 0, overrideAccess: true })).toMatchObject({ status: 'completed', customer: null, subjectEmail: '' })
    expect(await payload.findByID({ collection: 'users', id: p.id, overrideAccess: true, disableErrors: true })).toBeNull()
    const left = await traces(p)
    expect(left.filter((t) => !retainedPaths(ERASURE_POLICY[t.slug], t.paid).includes(t.path))).toEqual([])
    const orders = await payload.find({ collection: 'orders', where: { id: { in: p.orderIds } }, depth: 0, overrideAccess: true, pagination: false })
    expect(orders.docs.map((o) => o.totalPence)).toEqual([2500, 2500, 2500])
  })
})

describe('staff record a request for a customer who wrote in', () => {
  it('an erasure recorded in the admin queues its job in the same transaction, and the job erases', async () => {
    const p = await customer()
    const staff = await payload.create({ collection: 'users', overrideAccess: true, data: { email: `staff-${randomUUID().slice(0, 8)}@int.test`, password: 'a-long-staff-password-123', role: 'staff' } as never })
    const created = await payload.create({ collection: 'data-requests', depth: 0, overrideAccess: false, user: { ...staff, collection: 'users' } as never, data: { kind: 'erasure', customer: p.id, channel: 'letter', identityCheck: 'Signed letter, address matches' } as never })
    expect(created).toMatchObject({ status: 'received', accountNumber: p.id, subjectEmail: p.email, requestedBy: staff.id })
    const jobs = await payload.find({ collection: 'payload-jobs', where: { 'input.requestId': { equals: created.id } }, overrideAccess: true })
    expect(jobs.docs).toHaveLength(1)
    await payload.jobs.runByID({ id: jobs.docs[0]!.id, overrideAccess: true })
    expect(await payload.findByID({ collection: 'data-requests', id: created.id, overrideAccess: true })).toMatchObject({ status: 'completed' })
    expect(await payload.findByID({ collection: 'users', id: p.id, overrideAccess: true, disableErrors: true })).toBeNull()
  })

  it('staff download a customer\u2019s copy for a request they recorded; a customer is refused that door', async () => {
    const p = await customer()
    const staff = await payload.create({ collection: 'users', overrideAccess: true, data: { email: `staff-${randomUUID().slice(0, 8)}@int.test`, password: 'a-long-staff-password-123', role: 'staff' } as never })
    const created = await payload.create({ collection: 'data-requests', depth: 0, overrideAccess: false, user: { ...staff, collection: 'users' } as never, data: { kind: 'export', customer: p.id, channel: 'email', identityCheck: 'Replied from the account address' } as never })
    const door = DataRequests.endpoints ? (DataRequests.endpoints as Endpoint[])[0]! : null
    const call = (user: unknown, format = '') => door!.handler({ user, payload, routeParams: { id: String(created.id) }, url: `http://localhost/api/data-requests/${created.id}/export${format}` } as never)
    const asCustomer = await call({ ...(await payload.findByID({ collection: 'users', id: p.id, overrideAccess: true })), collection: 'users' })
    expect(asCustomer.status).toBe(403)
    const asStaff = await call({ ...staff, collection: 'users' })
    expect(asStaff.status).toBe(200)
    expect(((await asStaff.json()) as { subject: { email: string } }).subject.email).toBe(p.email)
    expect(await (await call({ ...staff, collection: 'users' }, '?format=html')).text()).toContain(p.lastName)
    expect(await payload.findByID({ collection: 'data-requests', id: created.id, depth: 0, overrideAccess: true })).toMatchObject({ status: 'completed', outcome: expect.stringContaining(`staff account ${staff.id}`) })
  })

  it('customers cannot read, create or change data requests', async () => {
    const p = await customer()
    const other = await customer()
    await recordRequest(payload, { kind: 'export', customerId: other.id, email: other.email, channel: 'account', status: 'completed' })
    const user = { ...(await payload.findByID({ collection: 'users', id: p.id, overrideAccess: true })), collection: 'users' } as never
    await expect(payload.find({ collection: 'data-requests', overrideAccess: false, user })).rejects.toThrow()
    await expect(payload.create({ collection: 'data-requests', overrideAccess: false, user, data: { kind: 'erasure', customer: other.id, channel: 'email' } as never })).rejects.toThrow()
  })
})
