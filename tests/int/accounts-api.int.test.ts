// Contract tests of spec §7 calls 1-3 against the real handlers and database: status codes, field names,
// multipart parsing, expiry, revocation; plus the password hashing and throttling behind them.
import { pbkdf2Sync, randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueSuffix } from '../../src/setup/seed/factories'
import { testPayload } from './payload'
import './secrets'


let payload: Payload
let handlers: typeof import('../../src/features/account/api/handlers')
let tokens: typeof import('../../src/cms/auth/api-tokens')
let credentials: typeof import('../../src/cms/auth/credentials')
let passwords: typeof import('../../src/cms/auth/passwords')

const PASSWORD = 'correct horse battery'
let alice: { id: number; email: string }
let bob: { id: number; email: string }
let productId: number

async function makeUser(first: string) {
  const email = `${first.toLowerCase()}-${uniqueSuffix()}@int.test`
  const doc = await payload.create({ collection: 'users', data: { email, password: PASSWORD, firstName: first, lastName: 'Tester', role: 'customer' }, overrideAccess: true })
  return { id: doc.id as number, email }
}

async function makeOrder(customer: number, number: string, createdAt: string) {
  return payload.create({
    collection: 'orders',
    overrideAccess: true,
    data: {
      orderNumber: number,
      kind: 'card',
      status: 'completed',
      customer,
      firstName: 'Test',
      lastName: 'Tester',
      email: 'orders@int.test',
      phone: '07700 900000',
      delivery: { method: 'free', feePence: 0 },
      lines: [{ product: productId, name: 'Test helmet', unitPricePence: 12_000, count: 1, vatRatePercent: 20, lineTotalPence: 12_000 }],
      subtotalPence: 12_000,
      vatPence: 2_000,
      totalPence: 12_000,
      stock: { state: 'committed' },
      createdAt,
    } as never,
  })
}

function multipart(fields: Record<string, string>): Request {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return new Request('http://localhost/wp-json/jwt-auth/v1/token', { method: 'POST', body: form })
}

const bearer = (token: string, url = 'http://localhost/wp-json/jwt-auth/v1/token/validate', method = 'POST') =>
  new Request(url, { method, headers: { Authorization: `Bearer ${token}` } })

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const res = await handlers.issueTokenHandler(payload, multipart({ username: email, password }))
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: { token: string } }).data.token
}

beforeAll(async () => {
  payload = await testPayload()
  handlers = await import('../../src/features/account/api/handlers')
  tokens = await import('../../src/cms/auth/api-tokens')
  credentials = await import('../../src/cms/auth/credentials')
  passwords = await import('../../src/cms/auth/passwords')
  const category = await payload.create({ collection: 'categories', data: { name: `Helmets ${uniqueSuffix()}`, kind: 'accessory' } as never, overrideAccess: true })
  const product = await payload.create({
    collection: 'products',
    data: { name: `Helmet ${uniqueSuffix()}`, category: category.id, price: 12_000, stock: 5, productType: 'simple', status: 'active' } as never,
    overrideAccess: true,
  })
  productId = product.id as number
  alice = await makeUser('Alice')
  bob = await makeUser('Bob')
  await makeOrder(alice.id, `WH-A${uniqueSuffix().slice(-6).toUpperCase()}`, '2026-09-01T10:00:00.000Z')
  await makeOrder(alice.id, `WH-B${uniqueSuffix().slice(-6).toUpperCase()}`, '2026-10-01T10:00:00.000Z')
  await makeOrder(bob.id, `WH-C${uniqueSuffix().slice(-6).toUpperCase()}`, '2026-10-05T10:00:00.000Z')
}, 300_000)

afterAll(async () => {
  await payload?.destroy()
})

describe(`passwords on ${process.env.TEST_DB ?? 'sqlite'}`, () => {
  it('stores an argon2id hash, and Payload’s own hash is not a hash of the password', async () => {
    const row = (await payload.findByID({ collection: 'users', id: alice.id, overrideAccess: true, showHiddenFields: true })) as unknown as Record<string, string>
    expect(row.passwordArgon2).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await passwords.verifyPassword(row.passwordArgon2!, PASSWORD)).toBe(true)
    expect(await passwords.verifyPayloadHash(row, PASSWORD)).toBe(false)
  })

  it('never shows the argon2id hash through the API, even to its owner', async () => {
    const self = await payload.findByID({ collection: 'users', id: alice.id, overrideAccess: false, user: { ...(await payload.findByID({ collection: 'users', id: alice.id, overrideAccess: true })), collection: 'users' } })
    expect(JSON.stringify(self)).not.toContain('argon2')
  })

  it('lets Payload’s own login (admin, /api/users/login) in with the password and not with a wrong one', async () => {
    const ok = await payload.login({ collection: 'users', data: { email: bob.email, password: PASSWORD } })
    expect(ok.token).toBeTruthy()
    await expect(payload.login({ collection: 'users', data: { email: bob.email, password: 'wrong password here' } })).rejects.toThrow(/incorrect/i)
  })

  it('signs its session token with the key the server edge derives, so the edge can refuse forged ones', async () => {
    const { payloadSigningKey, readSessionToken } = await import('../../server-lib/session-token.mjs')
    const key = payloadSigningKey(process.env.PAYLOAD_SECRET as string)
    expect(key).toBe(payload.secret)
    const { token } = await payload.login({ collection: 'users', data: { email: bob.email, password: PASSWORD } })
    expect(readSessionToken(token, key)).toMatchObject({ verified: true, claims: { id: bob.id } })
    expect(readSessionToken(token, payloadSigningKey('another secret'))?.verified).toBe(false)
  })

  it('refuses a password shorter than 12 characters', async () => {
    const error = await payload.create({ collection: 'users', data: { email: `short-${uniqueSuffix()}@int.test`, password: 'short-pass', role: 'customer' }, overrideAccess: true }).catch((e: unknown) => e)
    expect((error as { data?: { errors?: { message: string; path: string }[] } }).data?.errors).toEqual([{ message: 'Use at least 12 characters.', path: 'password' }])
  })

  it('moves an account with an older Payload hash to argon2id at its next sign-in', async () => {
    const carol = await makeUser('Carol')
    const salt = randomBytes(32).toString('hex')
    const hash = `pbkdf2-sha256-v1:${pbkdf2Sync('old password 123', salt, 600_000, 32, 'sha256').toString('hex')}`
    await payload.db.updateOne({ collection: 'users', id: carol.id, data: { hash, salt, passwordArgon2: null } })
    const result = await credentials.checkCredentials(payload, { email: carol.email, password: 'old password 123', address: 'int-upgrade' })
    expect(result.ok).toBe(true)
    const row = (await payload.findByID({ collection: 'users', id: carol.id, overrideAccess: true, showHiddenFields: true })) as unknown as Record<string, string>
    expect(row.passwordArgon2).toMatch(/^\$argon2id\$/)
    expect(await passwords.verifyPayloadHash(row, 'old password 123')).toBe(false)
    await expect(payload.login({ collection: 'users', data: { email: carol.email, password: 'old password 123' } })).resolves.toHaveProperty('token')
  })

  it('resets a password through Payload’s forgot/reset flow into a new argon2id hash', async () => {
    const dave = await makeUser('Dave')
    const token = await payload.forgotPassword({ collection: 'users', data: { email: dave.email }, disableEmail: true })
    await payload.resetPassword({ collection: 'users', data: { token, password: 'a brand new passphrase' }, overrideAccess: true })
    expect((await credentials.checkCredentials(payload, { email: dave.email, password: PASSWORD, address: 'int-reset' })).ok).toBe(false)
    expect((await credentials.checkCredentials(payload, { email: dave.email, password: 'a brand new passphrase', address: 'int-reset' })).ok).toBe(true)
    await expect(payload.login({ collection: 'users', data: { email: dave.email, password: 'a brand new passphrase' } })).resolves.toHaveProperty('token')
    const row = (await payload.findByID({ collection: 'users', id: dave.id, overrideAccess: true, showHiddenFields: true })) as unknown as Record<string, string>
    expect(await passwords.verifyPayloadHash(row, 'a brand new passphrase')).toBe(false)
  })
})

describe('POST /wp-json/jwt-auth/v1/token', () => {
  it('answers 200 with the spec’s user fields for multipart username and password', async () => {
    const res = await handlers.issueTokenHandler(payload, multipart({ username: alice.email, password: PASSWORD }))
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as { success: boolean; data: Record<string, unknown> }
    expect(body.success).toBe(true)
    expect(Object.keys(body.data).sort()).toEqual(['displayName', 'email', 'firstName', 'id', 'lastName', 'nicename', 'token'])
    expect(body.data).toMatchObject({ id: alice.id, email: alice.email, firstName: 'Alice', lastName: 'Tester', displayName: 'Alice Tester' })
    expect(body.data.nicename).toMatch(/^alice-[a-z0-9-]+$/)
    expect(String(body.data.token).split('.')).toHaveLength(3)
  })

  it('also reads a URL-encoded form and JSON', async () => {
    const urlencoded = new Request('http://localhost/t', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: alice.email, password: PASSWORD }) })
    expect((await handlers.issueTokenHandler(payload, urlencoded)).status).toBe(200)
    const asJson = new Request('http://localhost/t', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: alice.email, password: PASSWORD }) })
    expect((await handlers.issueTokenHandler(payload, asJson)).status).toBe(200)
  })

  it('answers a wrong password and an unknown address with the same 403, naming neither', async () => {
    const wrong = await handlers.issueTokenHandler(payload, multipart({ username: bob.email, password: 'not the password' }))
    const unknown = await handlers.issueTokenHandler(payload, multipart({ username: `nobody-${uniqueSuffix()}@int.test`, password: 'not the password' }))
    expect(wrong.status).toBe(403)
    expect(unknown.status).toBe(403)
    const a = (await wrong.json()) as Record<string, unknown>
    const b = (await unknown.json()) as Record<string, unknown>
    expect(a).toEqual(b)
    expect(a).toMatchObject({ success: false, code: '[jwt_auth] incorrect_credentials' })
    expect(String(a.message)).toMatch(/email address or password/)
  })

  it('refuses missing fields, malformed JSON, other body types and huge bodies with a clear 4xx', async () => {
    expect((await handlers.issueTokenHandler(payload, multipart({ username: alice.email }))).status).toBe(400)
    const badJson = new Request('http://localhost/t', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"username":' })
    expect((await handlers.issueTokenHandler(payload, badJson)).status).toBe(400)
    const text = new Request('http://localhost/t', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' })
    expect((await handlers.issueTokenHandler(payload, text)).status).toBe(415)
    const huge = new Request('http://localhost/t', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'x', password: 'y'.repeat(1_000_000) }) })
    expect((await handlers.issueTokenHandler(payload, huge)).status).toBe(413)
  })
})

describe('POST /wp-json/jwt-auth/v1/token/validate', () => {
  it('answers 200 jwt_auth_valid_token for a fresh token', async () => {
    const res = await handlers.validateTokenHandler(payload, bearer(await signIn(alice.email)))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true, code: 'jwt_auth_valid_token', data: { status: 200 } })
  })

  it('answers 403 without a token, for garbage and for a forged signature', async () => {
    const none = await handlers.validateTokenHandler(payload, new Request('http://localhost/v', { method: 'POST' }))
    expect(none.status).toBe(403)
    expect(await none.json()).toMatchObject({ success: false, code: 'jwt_auth_no_auth_header' })
    expect((await handlers.validateTokenHandler(payload, bearer('not.a.token'))).status).toBe(403)
    const token = await signIn(alice.email)
    const forged = `${token.slice(0, -4)}AAAA`
    const res = await handlers.validateTokenHandler(payload, bearer(forged))
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ success: false, code: 'jwt_auth_invalid_token' })
  })

  it('answers 403 for an expired token', async () => {
    const { token } = await tokens.issueApiToken(payload, alice.id, { now: new Date(Date.now() - 3_600_000), ttlSeconds: 60 })
    const res = await handlers.validateTokenHandler(payload, bearer(token))
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ success: false, code: 'jwt_auth_expired_token' })
  })

  it('answers 403 once the token is revoked by signing out, while another token of the same customer still works', async () => {
    const token = await signIn(alice.email)
    const other = await signIn(alice.email)
    const revoke = await handlers.revokeTokenHandler(payload, bearer(token, 'http://localhost/wp-json/jwt-auth/v1/token/revoke'))
    expect(revoke.status).toBe(200)
    const res = await handlers.validateTokenHandler(payload, bearer(token))
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'jwt_auth_revoked_token' })
    expect((await handlers.validateTokenHandler(payload, bearer(other))).status).toBe(200)
  })
})

describe('GET /api/v1/customer/orders', () => {
  const ordersUrl = 'http://localhost/api/v1/customer/orders'

  it('lists only the token owner’s orders, newest first, with number, date, status, items and totals', async () => {
    const res = await handlers.customerOrdersHandler(bearer(await signIn(alice.email), ordersUrl, 'GET'), payload)
    expect(res.status).toBe(200)
    const orders = (await res.json()) as Array<Record<string, unknown>>
    expect(orders).toHaveLength(2)
    expect(orders.map((o) => o.date)).toEqual(['2026-10-01T10:00:00.000Z', '2026-09-01T10:00:00.000Z'])
    expect(orders[0]).toMatchObject({ kind: 'card', status: 'completed', items: [{ productId, name: 'Test helmet', count: 1, unitPricePence: 12_000 }], totals: { totalPence: 12_000, currency: 'GBP' } })
    expect(String(orders[0]!.number)).toMatch(/^WH-B/)
    const bobs = (await (await handlers.customerOrdersHandler(bearer(await signIn(bob.email), ordersUrl, 'GET'), payload)).json()) as Array<{ number: string }>
    expect(bobs.map((o) => o.number)).toEqual([expect.stringMatching(/^WH-C/)])
  })

  it('answers 401 without a token and 403 with a bad or revoked one', async () => {
    expect((await handlers.customerOrdersHandler(new Request(ordersUrl), payload)).status).toBe(401)
    expect((await handlers.customerOrdersHandler(bearer('nonsense', ordersUrl, 'GET'), payload)).status).toBe(403)
    const token = await signIn(bob.email)
    await handlers.revokeTokenHandler(payload, bearer(token))
    expect((await handlers.customerOrdersHandler(bearer(token, ordersUrl, 'GET'), payload)).status).toBe(403)
  })
})

describe('throttling', () => {
  it('20 wrong passwords for one account block it (even with the right password) while another account still signs in', async () => {
    const target = await makeUser('Target')
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) statuses.push((await handlers.issueTokenHandler(payload, multipart({ username: target.email, password: `wrong guess ${i}` }))).status)
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403])
    expect(statuses.slice(6)).toEqual(Array(14).fill(429))
    const blocked = await handlers.issueTokenHandler(payload, multipart({ username: target.email, password: PASSWORD }))
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    await expect(payload.login({ collection: 'users', data: { email: target.email, password: PASSWORD } })).rejects.toThrow(/Too many failed sign-in attempts/)
    const other = await handlers.issueTokenHandler(payload, multipart({ username: bob.email, password: PASSWORD }))
    expect(other.status).toBe(200)
  })
})

describe('throttling without lock-out', () => {
  const deviceCookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0]!

  function multipartWithCookie(fields: Record<string, string>, cookie: string): Request {
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    return new Request('http://localhost/wp-json/jwt-auth/v1/token', { method: 'POST', body: form, headers: { cookie } })
  }

  it('accepts the owner’s correct password from a known device however many failures an attacker caused, on every sign-in path', async () => {
    const owner = await makeUser('Owner')
    const first = await handlers.issueTokenHandler(payload, multipart({ username: owner.email, password: PASSWORD }))
    expect(first.status).toBe(200)
    const cookie = deviceCookieOf(first)
    expect(cookie).toMatch(/^wheelhouse-device=[A-Za-z0-9_.~-]+$/)
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/)
    // The attacker, without the owner's device cookie, runs the account into its delay.
    for (let i = 0; i < 12; i++) await handlers.issueTokenHandler(payload, multipart({ username: owner.email, password: `attacker guess ${i}` }))
    expect((await handlers.issueTokenHandler(payload, multipart({ username: owner.email, password: PASSWORD }))).status).toBe(429)
    // The owner's own device is never held back: the token endpoint, Payload's login (REST/admin: cookie header) and the /login form (context).
    expect((await handlers.issueTokenHandler(payload, multipartWithCookie({ username: owner.email, password: PASSWORD }, cookie))).status).toBe(200)
    for (let i = 0; i < 12; i++) await handlers.issueTokenHandler(payload, multipart({ username: owner.email, password: `attacker guess again ${i}` }))
    await expect(payload.login({ collection: 'users', data: { email: owner.email, password: PASSWORD }, req: { headers: new Headers({ cookie }) } })).resolves.toHaveProperty('token')
    for (let i = 0; i < 12; i++) await handlers.issueTokenHandler(payload, multipart({ username: owner.email, password: `and again ${i}` }))
    const token = cookie.slice('wheelhouse-device='.length)
    await expect(payload.login({ collection: 'users', data: { email: owner.email, password: PASSWORD }, context: { deviceTokens: [token] } })).resolves.toHaveProperty('token')
  })

  it('counts a device’s own failures apart: a stolen device cookie is throttled on its own, and it is no device of another account', async () => {
    const owner = await makeUser('Devicey')
    const other = await makeUser('Otherone')
    const cookie = deviceCookieOf(await handlers.issueTokenHandler(payload, multipart({ username: owner.email, password: PASSWORD })))
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await handlers.issueTokenHandler(payload, multipartWithCookie({ username: owner.email, password: `wrong ${i}` }, cookie))).status)
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403])
    expect(statuses.slice(6)).toEqual([429, 429])
    // …while the account itself (another browser of the owner) was not touched by those failures
    expect((await handlers.issueTokenHandler(payload, multipart({ username: owner.email, password: PASSWORD }))).status).toBe(200)
    // a device token of one account does not make a device known for another
    for (let i = 0; i < 8; i++) await handlers.issueTokenHandler(payload, multipart({ username: other.email, password: `wrong ${i}` }))
    expect((await handlers.issueTokenHandler(payload, multipartWithCookie({ username: other.email, password: PASSWORD }, cookie))).status).toBe(429)
  })

  it('slows a noisy shared address down but never refuses another account from it', async () => {
    const address = `shared-${uniqueSuffix()}`
    const waits: number[] = []
    const wait = async (ms: number) => void waits.push(ms)
    for (let i = 0; i < 45; i++) {
      const result = await credentials.checkCredentials(payload, { email: `victim-${i}-${uniqueSuffix()}@int.test`, password: 'wrong password guess', address }, new Date(), { wait })
      expect(result).toEqual({ ok: false, reason: 'invalid' })
    }
    expect(waits.length).toBeGreaterThan(0)
    expect(Math.max(...waits)).toBeLessThanOrEqual(5_000)
    const result = await credentials.checkCredentials(payload, { email: bob.email, password: PASSWORD, address }, new Date(), { wait })
    expect(result.ok).toBe(true)
  })
})
