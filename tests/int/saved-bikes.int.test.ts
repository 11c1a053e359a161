// Saved bikes and their alerts on a real database: a customer's list is their own, a guest's list
// joins it at sign-in (10 identical saves at once keep one row), and a price drop or a return to stock emails each
// watcher once: a second save of the same price sends nothing, and running the alert job again sends nothing.
import { describe, expect, it } from 'vitest'
import { sendSavedBikeAlerts } from '../../src/features/account/saved-bikes.server'
import { SEND_SAVED_BIKE_ALERTS } from '../../src/features/jobs/task-names'
import { buildCategory, buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import { memoryEmail } from './order-fixtures'
import { payload, withTestPayload } from './payload'

const { GET, POST } = await import('../../src/app/api/saved-bikes/route')
const { POST: unsubscribe } = await import('../../src/app/api/saved-bikes/unsubscribe/route')

const PASSWORD = 'correct horse battery staple 42'
let category: number
const { sent, email } = memoryEmail()

async function customer(): Promise<{ id: number; email: string; token: string }> {
  const address = `saver-${uniqueSuffix()}@example.test`
  const doc = await payload.create({ collection: 'users', data: { email: address, password: PASSWORD, firstName: 'Sam', lastName: 'Saver', role: 'customer' }, overrideAccess: true })
  const { token } = await payload.login({ collection: 'users', data: { email: address, password: PASSWORD } })
  return { id: doc.id, email: address, token: token! }
}

async function bike(pricePence = 650_000, stock = 1) {
  const s = uniqueSuffix()
  return payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Triumph Trident ${s}`, sku: `TT-${s}`, category, pricePence, stock }) as never })
}

const call = (token: string | null, body?: unknown) =>
  new Request('http://localhost/api/saved-bikes', {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { Authorization: `JWT ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function alertJobs(productId: number) {
  const jobs = await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: SEND_SAVED_BIKE_ALERTS } }, limit: 100, overrideAccess: true, depth: 0 })
  return jobs.docs.filter((j) => (j.input as { productId?: number }).productId === productId)
}

/** Runs the queued alert jobs for the bike as the runner would, with the test's email sender. */
async function runAlertJobs(productId: number): Promise<number> {
  let total = 0
  for (const job of await alertJobs(productId)) total += await sendSavedBikeAlerts(payload, job.input as never, { email, siteUrl: 'https://shop.test' })
  return total
}

withTestPayload(async () => {
  category = (await payload.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: `Naked ${uniqueSuffix()}`, kind: 'motorcycle' }) })).id
})

describe('saved bikes', () => {
  it('answers a guest signedIn false and refuses a guest save with 401', async () => {
    expect(await (await GET(call(null))).json()).toEqual({ signedIn: false, bikes: [] })
    const refused = await POST(call(null, { action: 'save', slugs: ['any-bike'] }))
    expect(refused.status).toBe(401)
  })

  it('saves once under 10 identical requests at once, and keeps each list to its customer', async () => {
    const [alice, bob] = [await customer(), await customer()]
    const b = await bike()
    const answers = await Promise.all(Array.from({ length: 10 }, () => POST(call(alice.token, { action: 'save', slugs: [b.slug] }))))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect((await payload.count({ collection: 'saved-bikes', where: { customer: { equals: alice.id } }, overrideAccess: true })).totalDocs).toBe(1)
    expect(await (await GET(call(alice.token))).json()).toEqual({ signedIn: true, bikes: [{ slug: b.slug, alerts: false }] })
    expect(await (await GET(call(bob.token))).json()).toEqual({ signedIn: true, bikes: [] })
    // Bob cannot read Alice's rows through Payload's own API either.
    const bobUser = await payload.findByID({ collection: 'users', id: bob.id, overrideAccess: true })
    const visible = await payload.find({ collection: 'saved-bikes', overrideAccess: false, user: { ...bobUser, collection: 'users' } })
    expect(visible.totalDocs).toBe(0)
  })

  it('joins a guest list to the account (merge), ignoring bikes not on sale and unknown slugs', async () => {
    const c = await customer()
    const [a, b] = [await bike(), await bike()]
    await payload.update({ collection: 'products', id: b.id, data: { status: 'archived' }, overrideAccess: true })
    const res = await POST(call(c.token, { action: 'save', slugs: [a.slug, b.slug, 'no-such-bike'] }))
    expect(await res.json()).toEqual({ signedIn: true, bikes: [{ slug: a.slug, alerts: false }] })
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const c = await customer()
    for (const body of [{ action: 'save', slugs: [] }, { action: 'save', slugs: ['../x'] }, { action: 'nope' }, { action: 'alerts', alerts: 'yes' }, { action: 'save', slugs: ['a'], extra: 1 }]) {
      expect((await POST(call(c.token, body))).status).toBe(400)
    }
    expect((await payload.count({ collection: 'saved-bikes', where: { customer: { equals: c.id } }, overrideAccess: true })).totalDocs).toBe(0)
  })
})

describe('alerts', () => {
  it('emails each watcher once for a price drop; saving the same price again, or running the job again, sends nothing', async () => {
    const [watcher, quiet] = [await customer(), await customer()]
    const b = await bike(650_000, 2)
    await POST(call(watcher.token, { action: 'save', slugs: [b.slug] }))
    await POST(call(watcher.token, { action: 'alerts', alerts: true }))
    await POST(call(quiet.token, { action: 'save', slugs: [b.slug] }))
    sent.length = 0

    await payload.update({ collection: 'products', id: b.id, data: { price: 599_900 }, overrideAccess: true })
    expect(await alertJobs(b.id)).toHaveLength(1)
    expect(await runAlertJobs(b.id)).toBe(1)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ to: watcher.email, tag: 'saved-bike-alert' })
    expect(sent[0]!.subject).toContain('£5,999')
    expect(sent[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

    // The same price saved again queues nothing; the same job run again sends nothing.
    await payload.update({ collection: 'products', id: b.id, data: { price: 599_900 }, overrideAccess: true })
    expect(await alertJobs(b.id)).toHaveLength(1)
    expect(await runAlertJobs(b.id)).toBe(0)
    expect(sent).toHaveLength(1)
  })

  it('emails when a sold-out bike is back in stock, and the one-click link stops further emails', async () => {
    const watcher = await customer()
    const b = await bike(450_000, 0)
    await POST(call(watcher.token, { action: 'save', slugs: [b.slug] }))
    await POST(call(watcher.token, { action: 'alerts', alerts: true }))
    sent.length = 0
    await payload.update({ collection: 'products', id: b.id, data: { stockQuantity: 1 }, overrideAccess: true })
    expect(await runAlertJobs(b.id)).toBe(1)
    expect(sent[0]!.subject).toContain('back in stock')

    const link = /<(https:\/\/shop\.test\/api\/saved-bikes\/unsubscribe\?token=[^>]+)>/.exec(sent[0]!.headers!['List-Unsubscribe']!)![1]!
    const url = new URL(link)
    const forged = new URL(link)
    forged.searchParams.set('token', `${url.searchParams.get('token')!.slice(0, -2)}xx`)
    expect((await unsubscribe(new Request(`http://localhost${forged.pathname}${forged.search}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' }))).status).toBe(404)
    expect((await unsubscribe(new Request(`http://localhost${url.pathname}${url.search}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' }))).status).toBe(200)
    expect(await (await GET(call(watcher.token))).json()).toEqual({ signedIn: true, bikes: [{ slug: b.slug, alerts: false }] })

    await payload.update({ collection: 'products', id: b.id, data: { price: 400_000 }, overrideAccess: true })
    expect(await alertJobs(b.id)).toHaveLength(1) // nobody is watching any more: nothing queued
  })

  it('sends nothing to an account whose address is not confirmed, until its owner opens the confirmation link', async () => {
    const { confirmEmailAddress, emailConfirmationToken } = await import('../../src/cms/auth/email-confirmation')
    const [confirmed, unconfirmed] = [await customer(), await customer()]
    // As a visitor's registration leaves it (accounts the shop makes itself start confirmed).
    await payload.update({ collection: 'users', id: unconfirmed.id, data: { emailConfirmedAt: null }, overrideAccess: true })
    const b = await bike(700_000, 2)
    for (const who of [confirmed, unconfirmed]) {
      await POST(call(who.token, { action: 'save', slugs: [b.slug] }))
      await POST(call(who.token, { action: 'alerts', alerts: true }))
    }
    sent.length = 0
    await payload.update({ collection: 'products', id: b.id, data: { price: 690_000 }, overrideAccess: true })
    expect(await runAlertJobs(b.id)).toBe(1)
    expect(sent.map((m) => m.to)).toEqual([confirmed.email])

    expect(await confirmEmailAddress(payload, await emailConfirmationToken({ id: unconfirmed.id, email: unconfirmed.email }))).toEqual({ ok: true, email: unconfirmed.email })
    sent.length = 0
    await payload.update({ collection: 'products', id: b.id, data: { price: 680_000 }, overrideAccess: true })
    await runAlertJobs(b.id)
    expect(sent.map((m) => m.to)).toContain(unconfirmed.email)
  })
})
