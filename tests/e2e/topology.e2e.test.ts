// More than one machine (ADR 008, ADR 014): two app instances behind nginx, Varnish in front as the
// one page cache, on PostgreSQL and Redis. A staff price change made on one instance is served by the other
// and by the proxy's cache within a second; a sale makes stale at the proxy only its products' pages; concurrent checkouts
// through the proxy survive one instance being killed with SIGKILL: no lost, duplicated or oversold order,
// `initial stock = on the shelf + held + sold`, and every payment the gateway took reaches its order.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import https from 'node:https'
import { api, checkoutBody, shopEnv, throwawayPostgres } from '../../scripts/shop-process.mjs'
import { DEMO_CUSTOMER } from '../../src/setup/seed/demo-customer'
import { closeBrowser, newPage } from './browser'
import { hydrated } from './shop-fixtures'
import { startTopology } from '../../scripts/topology.mjs'

const ADMIN = { email: 'admin@topology.test', password: 'topology-admin-password-1234' }
const SECRET = 'topology-test-secret-0123456789abcdef-01'
const PROXY_PORT = 3500
// The TLS front's port: a shop served off 443, as the README's topology example is.
const TLS_PORT = 3543
const STOCK = 300
const SLUGS = ['abus-bordo-6000', 'abus-granit-x-plus-540']

type Topology = Awaited<ReturnType<typeof startTopology>>
let topology: Topology
let db: pg.Client
let dropDb: () => Promise<unknown>
let dir: string
let token: string

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-topology-'))
  const database = await throwawayPostgres('wheelhouse_topology')
  dropDb = database.drop
  // The public address is the TLS front's, as in production; tests below that ask nginx and Varnish directly use http.
  const env = shopEnv({ databaseUrl: database.url, dir, port: PROXY_PORT, admin: ADMIN, secret: SECRET, extra: { RATE_LIMITS: 'off', REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379', SITE_URL: `https://localhost:${TLS_PORT}` } })
  topology = await startTopology({ env, dir, instances: 2, port: PROXY_PORT, tlsPort: TLS_PORT })
  db = new pg.Client({ connectionString: database.url })
  await db.connect()
  token = (await api(topology.base, null, 'POST', '/api/users/login', ADMIN)).token
}, 600_000)

afterAll(async () => {
  await closeBrowser()
  await topology?.stop()
  await db?.end()
  await dropDb?.()
  if (!dir) return
  // The balancer's and instances' logs go with the e2e artifacts (data/e2e): a failed request here is explained by
  // nginx's error log (refused, reset, or no instance left) and by which instance was stopping at the time.
  const kept = path.join(process.cwd(), 'data', 'e2e', 'topology')
  fs.mkdirSync(kept, { recursive: true })
  for (const name of fs.readdirSync(dir)) if (name.endsWith('.log')) fs.copyFileSync(path.join(dir, name), path.join(kept, name))
  fs.rmSync(dir, { recursive: true, force: true })
}, 120_000)

async function productBySlug(slug: string): Promise<{ id: number; price: number }> {
  const found = await api(topology.base, token, 'GET', `/api/products?where[slug][equals]=${slug}&depth=0&limit=1`)
  return found.docs[0]
}

type Page = { cache: string | null; proxyCache: string | null; html: string }
const page = (base: string, path: string, headers: Record<string, string> = {}): Promise<Page> =>
  fetch(`${base}${path}`, { headers }).then(async (r) => ({ cache: r.headers.get('x-wheelhouse-cache'), proxyCache: r.headers.get('x-cache'), html: await r.text() }))

/** Asks until `done` holds (a change still settling from start-up may make a render unstorable for a moment). */
async function until(ask: () => Promise<Page>, done: (p: Page) => boolean): Promise<Page> {
  let last = await ask()
  for (let tries = 0; tries < 50 && !done(last); tries++) {
    await sleep(200)
    last = await ask()
  }
  return last
}

/** Milliseconds from `since` until `ask` shows `shown`, counting from when the request that showed it was sent. */
async function seenAfter(since: number, ask: () => Promise<Page>, shown: (p: Page) => boolean): Promise<number> {
  while (Date.now() - since < 15_000) {
    const sentAt = Date.now()
    if (shown(await ask())) return sentAt - since
    await sleep(25)
  }
  return -1
}

describe('two instances behind nginx and Varnish on PostgreSQL and Redis', () => {
  it('serves a staff price change made on one instance from the other and from the proxy cache within a second', async () => {
    const product = await productBySlug('trek-fx-2')
    const [one, two] = topology.instances
    // Both instances, and the proxy in front of them, have the page cached before the change.
    for (const instance of [one!, two!]) expect((await until(() => page(instance.base, '/products/trek-fx-2'), (p) => p.cache === 'HIT')).cache).toBe('HIT')
    expect((await until(() => page(topology.base, '/products/trek-fx-2'), (p) => p.proxyCache === 'HIT')).proxyCache).toBe('HIT')
    const pence = 70_001 + Math.floor(Math.random() * 98) // £700.01 to £700.98: never whole pounds, no thousands separator
    const shown = `£${(pence / 100).toFixed(2)}`
    await api(one!.base, token, 'PATCH', `/api/products/${product.id}?depth=0`, { price: pence })
    const changedAt = Date.now() // the change is saved once the PATCH answers
    // Freshness is when a reader starts serving the new price: a request counts from when it was sent,
    // so a slow render on a loaded machine is not mistaken for a late change.
    const [byInstance, byProxy] = await Promise.all([
      seenAfter(changedAt, () => page(two!.base, '/products/trek-fx-2'), (p) => p.html.includes(shown)),
      seenAfter(changedAt, () => page(topology.base, '/products/trek-fx-2'), (p) => p.html.includes(shown)),
    ])
    console.info(`topology: a price changed on instance 1 was served by instance 2 after ${byInstance} ms and by the proxy cache after ${byProxy} ms`)
    for (const after of [byInstance, byProxy]) {
      expect(after).toBeGreaterThanOrEqual(0)
      expect(after).toBeLessThanOrEqual(1_000)
    }
    // And the proxy caches the new page again.
    const again = await until(() => page(topology.base, '/products/trek-fx-2'), (p) => p.proxyCache === 'HIT')
    expect(again.proxyCache).toBe('HIT')
    expect(again.html).toContain(shown)
  }, 60_000)

  it('a sale makes stale at the proxy only the pages of the products it touched; strangers cannot ban', async () => {
    const sold = await productBySlug('oxford-boss-chain-lock-1-5m') // not one of the fault test's products
    const warm = async (path: string) => expect((await until(() => page(topology.base, path), (p) => p.proxyCache === 'HIT')).proxyCache, path).toBe('HIT')
    for (const path of ['/products/oxford-boss-chain-lock-1-5m', '/products/trek-fx-2', '/about']) await warm(path)
    // A ban without the instances' key is refused and changes nothing.
    const stranger = await fetch(`${topology.base}/`, { method: 'BAN', headers: { 'X-Ban-Url': '^/' } })
    expect(stranger.status).toBe(403)
    expect((await page(topology.base, '/about')).proxyCache).toBe('HIT')
    // A signed-in visitor is never served from the proxy cache.
    expect((await page(topology.base, '/products/trek-fx-2', { cookie: 'payload-token=not-a-real-session' })).proxyCache).toBe('MISS')

    const order = await fetch(`${topology.base}/api/checkout/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: topology.base },
      body: JSON.stringify(checkoutBody([{ productId: sold.id, count: 1 }])),
    })
    expect(order.status).toBe(201)
    const soldAt = Date.now()
    const banned = await seenAfter(soldAt, () => page(topology.base, '/products/oxford-boss-chain-lock-1-5m'), (p) => p.proxyCache !== 'HIT')
    expect(banned).toBeGreaterThanOrEqual(0)
    expect(banned).toBeLessThanOrEqual(1_000)
    expect((await page(topology.base, '/products/trek-fx-2')).proxyCache).toBe('HIT')
    expect((await page(topology.base, '/about')).proxyCache).toBe('HIT')
  }, 60_000)

  it("counts and logs the requests Varnish answers itself: its exporter's hits and misses, and one log line each", async () => {
    const counter = async (name: string) => {
      const text = await (await fetch(topology.varnishMetrics!)).text()
      const line = text.split('\n').find((l) => l.startsWith(`${name} `))
      expect(line, name).toBeDefined()
      return Number(line!.split(' ')[1])
    }
    const path = `/about?varnish-count=${randomUUID()}`
    const before = { hit: await counter('varnish_main_cache_hit'), miss: await counter('varnish_main_cache_miss') }
    const answers = [await page(topology.base, path)]
    answers.push(await until(() => page(topology.base, path), (p) => p.proxyCache === 'HIT'))
    expect(answers.at(-1)!.proxyCache).toBe('HIT')
    // The instances never saw the hit, yet the metrics and the log hold it.
    expect(await counter('varnish_main_cache_hit')).toBeGreaterThan(before.hit)
    expect(await counter('varnish_main_cache_miss')).toBeGreaterThan(before.miss)
    let logged: string[] = []
    for (let tries = 0; tries < 50 && !logged.some((l) => l.endsWith(' hit') || / hit \d+$/.test(l)); tries++) {
      await sleep(100) // varnishncsa writes as Varnish finishes each request
      logged = fs.readFileSync(topology.varnishAccessLog!, 'utf8').split('\n').filter((l) => l.includes(path))
    }
    expect(logged.some((l) => / hit \d+$/.test(l)), logged.join('\n')).toBe(true)
    expect(logged.some((l) => / miss \d+$/.test(l)), logged.join('\n')).toBe(true)
  }, 60_000)

  it('loses, doubles and oversells nothing when an instance is killed during checkouts', async () => {
    const productIds: number[] = []
    for (const slug of SLUGS) {
      const product = await productBySlug(slug)
      productIds.push(product.id)
      await api(topology.base, token, 'PATCH', `/api/products/${product.id}?depth=0`, { stockQuantity: STOCK })
    }
    const { rows: [{ max }] } = await db.query('SELECT COALESCE(MAX(id), 0) AS max FROM orders')
    const firstOrderId = Number(max)
    const answered = new Map<string, string>() // checkout key → order number answered 201
    let stop = false
    const customer = async () => {
      while (!stop) {
        const checkoutKey = randomUUID()
        try {
          const response = await fetch(`${topology.base}/api/checkout/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: topology.base },
            body: JSON.stringify({
              checkoutKey,
              lines: productIds.map((productId) => ({ productId, count: 1 })),
              deliveryMethod: 'free',
              contact: { firstName: 'Ada', lastName: 'Rider', email: `ada+${checkoutKey.slice(0, 8)}@example.co.uk`, phone: '07700 900123' },
              address: { line1: '2 Low Road', town: 'York', postcode: 'YO1 7HH' },
              acceptTerms: true,
            }),
          })
          const body = (await response.json().catch(() => null)) as { orderNumber?: string; paymentUrl?: string } | null
          if (response.status === 201 && body?.orderNumber) {
            answered.set(checkoutKey, body.orderNumber)
            if (body.paymentUrl && Math.random() < 0.5) {
              await fetch(`${topology.base}${body.paymentUrl}/submit`, {
                method: 'POST',
                redirect: 'manual',
                headers: { 'content-type': 'application/x-www-form-urlencoded', origin: topology.base },
                body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Ada Rider' }).toString(),
              })
            }
          }
        } catch {
          await sleep(20)
        }
      }
    }
    const customers = Array.from({ length: 8 }, customer)
    while (answered.size < 20) await sleep(100)
    await topology.kill(0)
    const atKill = answered.size
    await sleep(4_000)
    stop = true
    await Promise.all(customers)
    expect(answered.size, 'orders kept being placed after the kill').toBeGreaterThan(atKill)

    const ids = productIds.join(', ')
    const { rows: shelf } = await db.query(`SELECT id, stock_quantity FROM products WHERE id IN (${ids})`)
    const { rows: ledger } = await db.query(`SELECT product_id, state, SUM(count) AS n FROM stock_holds WHERE product_id IN (${ids}) GROUP BY product_id, state`)
    const { rows: lines } = await db.query(
      `SELECT l.product_id, o.stock_state, SUM(l.count) AS n FROM orders o JOIN orders_lines l ON l._parent_id = o.id WHERE o.id > ${firstOrderId} AND l.product_id IN (${ids}) GROUP BY l.product_id, o.stock_state`,
    )
    const sum = (rows: Record<string, unknown>[], id: number, key: string, value: string) => rows.filter((r) => Number(r.product_id) === id && r[key] === value).reduce((a, r) => a + Number(r.n), 0)
    for (const id of productIds) {
      const onShelf = Number(shelf.find((r) => Number(r.id) === id)?.stock_quantity)
      expect(onShelf).toBeGreaterThanOrEqual(0)
      expect(onShelf + sum(ledger, id, 'state', 'held') + sum(ledger, id, 'state', 'sold'), `product ${id}`).toBe(STOCK)
      expect(sum(lines, id, 'stock_state', 'held')).toBe(sum(ledger, id, 'state', 'held'))
      expect(sum(lines, id, 'stock_state', 'committed')).toBe(sum(ledger, id, 'state', 'sold'))
    }
    // Every order a customer was told about exists once; no checkout key made two orders.
    const { rows: orders } = await db.query(`SELECT order_number, checkout_key FROM orders WHERE id > ${firstOrderId}`)
    const byNumber = new Map(orders.map((o) => [o.order_number, o.checkout_key]))
    for (const [key, number] of answered) expect(byNumber.get(number)).toBe(key)
    expect(new Set(orders.map((o) => o.checkout_key)).size).toBe(orders.length)

    // Every payment the gateway took reaches its order, even if the instance that took it died.
    let unpaid: unknown[] = []
    for (let waited = 0; waited < 120_000; waited += 1000) {
      unpaid = (
        await db.query(
          `SELECT o.order_number FROM orders o WHERE o.id > ${firstOrderId} AND o.status <> 'paid' AND EXISTS (SELECT 1 FROM test_gateway_payments g WHERE g.order_reference = o.order_number AND g.status = 'succeeded')`,
        )
      ).rows
      if (unpaid.length === 0) break
      await sleep(1000)
    }
    expect(unpaid).toEqual([])
    console.info(`topology: ${answered.size} orders answered through the proxies, instance 1 killed after ${atKill}; stock and ledger agree`)
  }, 300_000)

  it('restarts each instance in turn under load, behind the proxy, with no failed request', async () => {
    // The kill test above left instance 1 dead: bring it back first, as systemd's Restart=on-failure would.
    for (const [i, instance] of topology.instances.entries()) {
      if (instance.child.exitCode !== null || instance.child.signalCode !== null) await topology.restart(i)
    }
    const product = await productBySlug(SLUGS[0]!)
    await api(topology.base, token, 'PATCH', `/api/products/${product.id}?depth=0`, { stockQuantity: STOCK })
    const failures: string[] = []
    let answered = 0
    let stop = false
    const ask = async (what: string, request: () => Promise<Response>) => {
      try {
        const response = await request()
        const body = await response.text()
        // Who answered matters when one fails: the shop's JSON message or the balancer's own error page.
        if (response.status >= 500) failures.push(`${what}: ${response.status} ${body.replace(/\s+/g, ' ').slice(0, 160)}`)
        else answered += 1
      } catch (error) {
        failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    const visitor = async (n: number) => {
      while (!stop) {
        const key = randomUUID()
        if (n % 3 === 0) {
          await ask('checkout', () =>
            fetch(`${topology.base}/api/checkout/orders`, { method: 'POST', headers: { 'content-type': 'application/json', origin: topology.base }, body: JSON.stringify(checkoutBody([{ productId: product.id, count: 1 }])) }),
          )
        } else {
          // Past the page caches: a query string no one has asked for reaches an instance every time.
          await ask('page', () => fetch(`${topology.base}/all-bikes?sort=price-asc&restart=${key}`))
          await ask('health', () => fetch(`${topology.base}/api/health`))
        }
      }
    }
    const visitors = Array.from({ length: 6 }, (_, n) => visitor(n))
    await sleep(1000)
    for (const i of topology.instances.keys()) {
      const before = answered
      await topology.terminate(i)
      await topology.restart(i)
      // nginx stops sending to an instance for fail_timeout (3 s, scripts/topology.mjs) after a refused connection,
      // so it may still count the instance just restarted as down for up to 3 s after it answers its health
      // check. Stopping the next one sooner (its drain is 1.5 s) could leave nginx with no instance it would use,
      // and a checkout POST answered 502 (it did once in CI): wait the balancer out, as an operator must.
      await sleep(3_500)
      expect(answered, `requests answered while instance ${i + 1} restarted`).toBeGreaterThan(before)
    }
    stop = true
    await Promise.all(visitors)
    expect(failures).toEqual([])
    expect(answered).toBeGreaterThan(50)
    console.info(`topology: ${answered} requests answered while both instances restarted in turn, none failed`)
  }, 300_000)
})

describe('behind a TLS front on a port of its own (ADR 036)', () => {
  it('sends one HSTS header to the visitor; a direct caller cannot claim https', async () => {
    const hsts = await new Promise<string | string[] | undefined>((resolve, reject) => {
      https.get(`${topology.tlsBase}/api/health`, { rejectUnauthorized: false }, (res) => {
        res.resume()
        resolve(res.headers['strict-transport-security'])
      }).on('error', reject)
    })
    expect(hsts).toBe('max-age=31536000; includeSubDomains')
    // Varnish believes the https marker only from the TLS front's address; a visitor cannot send it themselves.
    const plain = await fetch(`${topology.base}/api/health`, { headers: { 'x-forwarded-proto': 'https' } })
    expect(plain.headers.get('strict-transport-security')).toBeNull()
  })

  it('signs a customer in, looks up an order and books a service through the proxies: forms post to the host with its port', async () => {
    const { page, allow } = await newPage({ width: 412, height: 900 }, { baseURL: topology.tlsBase!, ignoreHTTPSErrors: true })
    // Chromium never registers a service worker from a certificate it does not trust, whatever the page's own
    // certificate errors are set to; the throwaway certificate here is such a one, so the offline worker stays off.
    allow(/An SSL certificate error occurred when fetching the script/)
    await page.goto('/order-lookup')
    await hydrated(page, 'main form button[type="submit"]')
    await page.getByLabel('Order number').fill('WH-DEMO01')
    await page.getByLabel('Email address used for the order').fill(DEMO_CUSTOMER.email)
    await page.getByRole('button', { name: 'Find my order' }).click()
    await page.getByRole('heading', { name: 'Order WH-DEMO01' }).waitFor()

    await page.goto('/login')
    await hydrated(page, 'main form button[type="submit"]')
    await page.getByLabel('Email address').fill(DEMO_CUSTOMER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((u) => u.pathname === '/account')

    // Signed in, the booking form has the customer's details filled in.
    await page.goto('/bicycle-services')
    await hydrated(page, 'main form button[type="submit"]')
    await page.getByRole('radio', { name: /^Full service/ }).check()
    await page.locator('input[name="day"]:not([disabled])').last().check()
    await page.getByLabel('Make').fill('Brompton')
    await page.getByLabel('Type of bike').selectOption('folding')
    await page.getByLabel('Phone number').fill('07700 900456')
    await page.getByLabel('I accept the workshop terms').check()
    await page.getByRole('button', { name: 'Book the service' }).click()
    await page.getByRole('heading', { name: 'Your service is booked' }).waitFor()
    // Any other console error or failed request fails the test (./console-guard.ts).
  }, 120_000)
})
