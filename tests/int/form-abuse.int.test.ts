// The no-JavaScript booking forms count in the same per-address buckets as their
// JSON twins and refuse a cross-site post as the account forms do; an IPv6 /64 is one address to every bucket;
// a reservation's cancel link has a bucket of its own.
import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { contact, demoBike, seedServices, smallWorkshop } from './booking-fixtures'
import { testPayload } from './payload'

let currentHeaders = new Headers()
class Redirected extends Error {}
vi.mock('next/headers', () => ({ headers: async () => currentHeaders, cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }) }))
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Redirected(to)
  },
}))

const SITE = 'http://localhost:3000'
const actions = await import('../../src/features/bookings/actions.server')
const accountActions = await import('../../src/features/account/actions.server')
const servicesRoute = await import('../../src/app/api/bookings/services/route')
const manageRoute = await import('../../src/app/api/bookings/manage/route')
const reserveRoute = await import('../../src/app/api/reserve/route')
const reserveCancelRoute = await import('../../src/app/api/reserve/cancel/route')

let payload: Payload
let tierId: number
let bikeId: number
let addressSeq = 0
const none = { status: 'idle' } as never

beforeAll(async () => {
  payload = await testPayload()
  payload.sendEmail = (async () => undefined) as Payload['sendEmail']
  tierId = Object.values(await seedServices(payload))[0]!
  await smallWorkshop(payload)
  bikeId = await demoBike(payload, { name: 'Abuse Demo', engineCc: 649, powerKw: 35, weightKg: 190 })
}, 300_000)

afterAll(async () => {
  await payload?.destroy()
})

beforeEach(() => {
  process.env.RATE_LIMITS = 'on'
})

/** A fresh address for each test, so no test inherits another's counts. */
const freshAddress = () => `198.51.100.${++addressSeq}`
const bookings = async () => (await payload.count({ collection: 'bookings', overrideAccess: true })).totalDocs

function nextOpenDay(): string {
  for (let offset = 3; ; offset++) {
    const d = new Date(Date.now() + offset * 86_400_000)
    if (d.getUTCDay() >= 2 && d.getUTCDay() <= 6) return d.toISOString().slice(0, 10)
  }
}

function serviceForm(day = nextOpenDay()): FormData {
  const f = new FormData()
  const fields = { tierId: String(tierId), day, make: 'Trek', model: 'Domane', bikeType: 'road', notes: '', firstName: contact.firstName, lastName: contact.lastName, email: contact.email, phone: contact.phone, extraWorkLimit: '20', acceptTerms: 'on' }
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return f
}

function jsonPost(url: string, address: string, body: unknown): Request {
  return new Request(`${SITE}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE, host: 'localhost:3000', 'x-wheelhouse-client-address': address }, body: JSON.stringify(body) })
}

async function run(action: () => Promise<unknown>): Promise<{ status?: string; message?: string; redirected?: string }> {
  try {
    return (await action()) as { status?: string; message?: string }
  } catch (error) {
    if (error instanceof Redirected) return { redirected: error.message }
    throw error
  }
}

describe('booking forms and the rate limits', () => {
  it('a booking form is refused once its JSON twin has used up the address’s booking bucket, and books nothing', async () => {
    const address = freshAddress()
    for (let i = 0; i < 30; i++) expect((await servicesRoute.POST(jsonPost('/api/bookings/services', address, { tierId: -1 }))).status).toBe(400)
    expect((await servicesRoute.POST(jsonPost('/api/bookings/services', address, { tierId: -1 }))).status).toBe(429)
    const before = await bookings()
    currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', 'x-wheelhouse-client-address': address })
    const state = await run(() => actions.bookServiceAction(none, serviceForm()))
    expect(state).toMatchObject({ status: 'error', message: expect.stringMatching(/Too many requests/) })
    expect(await bookings()).toBe(before)
  })

  it('the forms’ own posts count in the bucket too: the 31st booking form from one address is refused', async () => {
    const address = freshAddress()
    currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', 'x-wheelhouse-client-address': address })
    const states = []
    for (let i = 0; i < 31; i++) states.push(await run(() => actions.bookTestRideAction(none, new FormData())))
    expect(states.slice(0, 30).every((s) => s.status === 'error' && !/Too many requests/.test(s.message ?? ''))).toBe(true)
    expect(states[30]).toMatchObject({ status: 'error', message: expect.stringMatching(/Too many requests/) })
  })

  it('a customer’s signed manage link (cancel, reschedule) is never refused by the booking limit their network used up', async () => {
    const address = freshAddress()
    for (let i = 0; i < 30; i++) expect((await servicesRoute.POST(jsonPost('/api/bookings/services', address, { tierId: -1 }))).status).toBe(400)
    expect((await servicesRoute.POST(jsonPost('/api/bookings/services', address, { tierId: -1 }))).status).toBe(429)
    currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', 'x-wheelhouse-client-address': address })
    const form = new FormData()
    form.set('action', 'cancel')
    form.set('token', 'forged.token')
    const state = await run(() => actions.manageBookingAction(none, form))
    expect(state.status).toBe('error')
    expect(state.message).not.toMatch(/Too many requests/)
    const json = await manageRoute.POST(jsonPost('/api/bookings/manage', address, { action: 'cancel', token: 'forged.token' }))
    expect(json.status).not.toBe(429)
    expect(json.status).toBeGreaterThanOrEqual(400)
  })

  it('counts a form and its JSON twin together even when the server build gives each its own copy of the limiter (no Redis)', async () => {
    expect(process.env.REDIS_URL ?? '').toBe('')
    // The production build instantiates a module once per group of routes: a fresh import is such a copy.
    vi.resetModules()
    const formCopy = await import('../../src/features/bookings/actions.server')
    expect(formCopy).not.toBe(actions)
    const address = freshAddress()
    for (let i = 0; i < 30; i++) expect((await servicesRoute.POST(jsonPost('/api/bookings/services', address, { tierId: -1 }))).status).toBe(400)
    expect((await servicesRoute.POST(jsonPost('/api/bookings/services', address, { tierId: -1 }))).status).toBe(429)
    const before = await bookings()
    currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', 'x-wheelhouse-client-address': address })
    for (let i = 0; i < 3; i++) expect(await run(() => formCopy.bookServiceAction(none, serviceForm()))).toMatchObject({ status: 'error', message: expect.stringMatching(/Too many requests/) })
    expect(await bookings()).toBe(before)
  })

  it('an IPv6 /64 is one address: 30 posts from 30 addresses of one /64 use up its bucket', async () => {
    for (let i = 1; i <= 30; i++) expect((await servicesRoute.POST(jsonPost('/api/bookings/services', `2001:db8:22:5::${i.toString(16)}`, { tierId: -1 }))).status).toBe(400)
    expect((await servicesRoute.POST(jsonPost('/api/bookings/services', '2001:db8:22:5:ffff::1', { tierId: -1 }))).status).toBe(429)
    expect((await servicesRoute.POST(jsonPost('/api/bookings/services', '2001:db8:22:6::1', { tierId: -1 }))).status).toBe(400)
  })
})

describe('booking forms and cross-site posts', () => {
  const crossSite: [string, Record<string, string>][] = [
    ['another site’s Origin', { origin: 'https://evil.example', host: 'localhost:3000' }],
    ['no Origin, marked cross-site by the browser', { host: 'localhost:3000', 'sec-fetch-site': 'cross-site' }],
    ['Origin null', { origin: 'null', host: 'localhost:3000' }],
  ]
  for (const [name, h] of crossSite) {
    it(`refuses a booking form sent with ${name}, and books nothing`, async () => {
      const before = await bookings()
      currentHeaders = new Headers({ ...h, 'x-wheelhouse-client-address': freshAddress() })
      for (const action of [() => actions.bookServiceAction(none, serviceForm()), () => actions.bookTestRideAction(none, new FormData()), () => actions.manageBookingAction(none, new FormData())]) {
        expect(await run(action)).toMatchObject({ status: 'error', message: expect.stringMatching(/must be sent from the Wheelhouse website/) })
      }
      expect(await bookings()).toBe(before)
    })
  }

  it('still books a same-site form (the check refuses only what it should)', async () => {
    currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', 'sec-fetch-site': 'same-origin', 'x-wheelhouse-client-address': freshAddress() })
    const before = await bookings()
    expect(await run(() => actions.bookServiceAction(none, serviceForm()))).toMatchObject({ redirected: expect.stringContaining('success') })
    expect(await bookings()).toBe(before + 1)
  })

  it('sent by script, a booking that succeeds answers the page to load as a document; without JavaScript, a 303 to it', async () => {
    // Next's redirect from a scripted action is a client-side navigation, which leaves the page untitled for a
    // moment (ADR 045); the script's post carries the action's id in a Next-Action header, a plain form post does not.
    const headers = { origin: SITE, host: 'localhost:3000', 'sec-fetch-site': 'same-origin' }
    currentHeaders = new Headers({ ...headers, 'next-action': 'a0', 'x-wheelhouse-client-address': freshAddress() })
    const scripted = await run(() => actions.bookServiceAction(none, serviceForm()))
    expect(scripted).toEqual({ status: 'success', location: expect.stringMatching(/^\/bicycle-services-success\?token=[\w-]+\.[\w-]+\.[\w-]+$/) })
    currentHeaders = new Headers({ ...headers, 'x-wheelhouse-client-address': freshAddress() })
    expect(await run(() => actions.bookServiceAction(none, serviceForm()))).toEqual({ redirected: expect.stringMatching(/^\/bicycle-services-success\?token=/) })
  })
})

describe('a reservation’s cancel link', () => {
  it('has a bucket of its own: 10 reservations from one address leave its cancel link answering', async () => {
    const address = freshAddress()
    for (let i = 0; i < 10; i++) await reserveRoute.POST(jsonPost('/api/reserve', address, { productId: -1 }))
    expect((await reserveRoute.POST(jsonPost('/api/reserve', address, { productId: -1 }))).status).toBe(429)
    const cancel = await reserveCancelRoute.POST(jsonPost('/api/reserve/cancel', address, { token: 'rs1.forged.token' }))
    expect(cancel.status).toBe(404)
    void bikeId
  })
})

describe('registration and password resets: Payload’s REST and GraphQL and the storefront forms share their limits', () => {
  const USERS = `${SITE}/api/users`
  async function payloadRoutes() {
    const { GRAPHQL_POST, REST_POST } = await import('@payloadcms/next/routes')
    const config = Promise.resolve(payload.config)
    return { GRAPHQL_POST: GRAPHQL_POST(config), REST_POST: REST_POST(config) }
  }
  const routeOf = (url: string) => ({ params: Promise.resolve({ slug: new URL(url).pathname.replace(/^\/api\//, '').split('/') }) })
  const users = async () => (await payload.count({ collection: 'users', overrideAccess: true })).totalDocs
  const uniqueEmail = () => `reg-${crypto.randomUUID().slice(0, 8)}@int.test`

  /** A registration Payload refuses after the limit is counted (the password is too short to hash): nothing is stored. */
  async function restRegistration(address: string, email = uniqueEmail()): Promise<Response> {
    const { REST_POST } = await payloadRoutes()
    return REST_POST(jsonPost('/api/users', address, { email, password: 'short' }), routeOf(USERS))
  }

  function registerForm(email = uniqueEmail()): FormData {
    const f = new FormData()
    const fields = { firstName: 'Rosa', lastName: 'Gistra', email, password: 'a long unguessable passphrase 7', confirmPassword: 'a long unguessable passphrase 7' }
    for (const [k, v] of Object.entries(fields)) f.append(k, v)
    return f
  }

  it('refuses the register form (and GraphQL createUser) from a network once REST registrations have used up its limit, and creates nothing', async () => {
    const address = freshAddress()
    for (let i = 0; i < 10; i++) expect((await restRegistration(address)).status).toBe(400)
    const limited = await restRegistration(address)
    expect(limited.status).toBe(429)
    expect(JSON.stringify(await limited.json())).toMatch(/Too many requests/)
    const before = await users()
    currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', 'x-wheelhouse-client-address': address })
    expect(await run(() => accountActions.registerAction(none, registerForm()))).toMatchObject({ status: 'error', message: expect.stringMatching(/Too many requests/) })
    const { GRAPHQL_POST } = await payloadRoutes()
    const graphql = await GRAPHQL_POST(jsonPost('/api/graphql', address, { query: 'mutation { createUser(data: { email: "gq@int.test", password: "a long unguessable passphrase 7", role: customer }) { id } }' }))
    expect(JSON.stringify(await graphql.json())).toMatch(/Too many requests/)
    expect(await users()).toBe(before)
  })

  it('counts the register form in the same bucket: the 11th form from one network is refused, and REST after it too', async () => {
    const address = freshAddress()
    currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', 'x-wheelhouse-client-address': address })
    const bad = () => {
      const form = registerForm()
      form.set('confirmPassword', 'something else entirely')
      return form
    }
    // A form that fails its own checks costs no hash and is not counted; one that would register is.
    for (let i = 0; i < 3; i++) expect(await run(() => accountActions.registerAction(none, bad()))).toMatchObject({ status: 'error', fieldErrors: { confirmPassword: expect.any(String) } })
    for (let i = 0; i < 10; i++) expect(await run(() => accountActions.registerAction(none, registerForm()))).toMatchObject({ redirected: expect.any(String) })
    expect(await run(() => accountActions.registerAction(none, registerForm()))).toMatchObject({ status: 'error', message: expect.stringMatching(/Too many requests/) })
    expect((await restRegistration(address)).status).toBe(429)
  })

  it('starts visitors’ new accounts a quarter of a second apart, whatever their networks, so hashing never takes every core', async () => {
    const { REST_POST } = await payloadRoutes()
    const before = await users()
    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => REST_POST(jsonPost('/api/users', freshAddress(), { email: uniqueEmail(), password: 'a long unguessable passphrase 7' }), routeOf(USERS))),
    )
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201])
    // Four turns: the first at once, the others 250, 500 and 750 ms later (earlier sign-ups in this file only add waiting).
    expect(performance.now() - started).toBeGreaterThanOrEqual(750)
    expect(await users()).toBe(before + 4)
  })

  it('limits registrations of one email address from many networks', async () => {
    const email = uniqueEmail()
    for (let i = 0; i < 5; i++) expect((await restRegistration(freshAddress(), email)).status).toBe(400)
    expect((await restRegistration(freshAddress(), email)).status).toBe(429)
    currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', 'x-wheelhouse-client-address': freshAddress() })
    expect(await run(() => accountActions.registerAction(none, registerForm(email)))).toMatchObject({ status: 'error', message: expect.stringMatching(/Too many requests/) })
  })

  it('answers the forgot-password form the same for a known and an unknown address, and counts it with the REST route', async () => {
    const known = uniqueEmail()
    await payload.create({ collection: 'users', data: { email: known, password: 'a long unguessable passphrase 7', role: 'customer' }, overrideAccess: true })
    const answer = async (email: string) => {
      currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', 'x-wheelhouse-client-address': freshAddress() })
      const form = new FormData()
      form.set('email', email)
      const state = (await run(() => accountActions.forgotPasswordAction(none, form))) as { status?: string; message?: string }
      return { ...state, message: state.message?.replace(email, '<address>') }
    }
    const unknown = uniqueEmail()
    expect(await answer(known)).toEqual(await answer(unknown))
    expect((await answer(unknown)).status).toBe('success')

    const address = freshAddress()
    const { REST_POST } = await payloadRoutes()
    const forgotUrl = `${SITE}/api/users/forgot-password`
    for (let i = 0; i < 10; i++) expect((await REST_POST(jsonPost('/api/users/forgot-password', address, { email: uniqueEmail() }), routeOf(forgotUrl))).status).toBe(200)
    currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', 'x-wheelhouse-client-address': address })
    const form = new FormData()
    form.set('email', known)
    expect(await run(() => accountActions.forgotPasswordAction(none, form))).toMatchObject({ status: 'error', message: expect.stringMatching(/Too many requests/) })
  })
})

describe('names in contact forms', () => {
  const bad: [string, string, RegExp][] = [
    ['only zero-width characters', '\u200b\u200c\u200d\ufeff', /must contain letters/],
    ['a bidi override', 'Eve\u202egnp.exe', /direction/],
    ['a bidi isolate', 'Ann\u2067a', /direction/],
  ]
  for (const [what, value, message] of bad) {
    it(`refuses a name of ${what} on the JSON routes and the forms, with a clear message, and stores nothing`, async () => {
      process.env.RATE_LIMITS = 'off'
      const before = { bookings: await bookings(), reservations: (await payload.count({ collection: 'reservations', overrideAccess: true })).totalDocs }
      const reserve = await reserveRoute.POST(jsonPost('/api/reserve', freshAddress(), { reservationKey: crypto.randomUUID(), productId: bikeId, contact: { ...contact, firstName: value }, acceptTerms: true }))
      expect(reserve.status).toBe(400)
      expect(await reserve.json()).toMatchObject({ error: 'invalid_request', fields: { 'contact.firstName': expect.stringMatching(message) } })
      currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', 'x-wheelhouse-client-address': freshAddress() })
      const form = serviceForm()
      form.set('lastName', value)
      expect(await run(() => actions.bookServiceAction(none, form))).toMatchObject({ status: 'error', fieldErrors: { 'contact.lastName': expect.stringMatching(message) } })
      expect({ bookings: await bookings(), reservations: (await payload.count({ collection: 'reservations', overrideAccess: true })).totalDocs }).toEqual(before)
    })
  }

  it('still takes names in any script, with accents, apostrophes and joiners that belong in them', async () => {
    process.env.RATE_LIMITS = 'off'
    currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', 'x-wheelhouse-client-address': freshAddress() })
    for (const name of ['Zoë', 'O’Brien', 'محمد', 'नमस्ते']) {
      const form = serviceForm()
      form.set('firstName', name)
      const state = await run(() => actions.bookServiceAction(none, form))
      expect((state as { fieldErrors?: Record<string, string> }).fieldErrors?.['contact.firstName']).toBeUndefined()
    }
  })
})
