// On the production build: /metrics answers only the operator's scraper, and its named series move when
// an order is placed and paid; every log line of the process is one JSON format, and every line written while a
// checkout request is handled carries that request's id.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { shop } from './shops'

const base = shop().baseURL
const token = shop().env.METRICS_TOKEN!
const logFile = shop().serverLog
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function scrape(): Promise<string> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('no-store')
  return res.text()
}

/** The value of one series (0 when it has not been counted yet). */
function value(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `))
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0
}

interface LogLine {
  level: string
  time: string
  msg?: string
  requestId?: string
  [key: string]: unknown
}

describe('operating the shop: metrics and logs', () => {
  it('hides /metrics from anyone without the token', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token' }, { authorization: `Basic ${token}` }]
    for (const headers of attempts) {
      const res = await fetch(`${base}/metrics`, { headers })
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain('wheelhouse_')
    }
  })

  it('counts two orders placed and one paid, as the dashboard reads them, and logs the checkout with its request id on every line', async () => {
    const logStart = fs.statSync(logFile).size
    const before = await scrape()
    for (const series of ['wheelhouse_http_request_duration_seconds_bucket', 'wheelhouse_page_cache_requests_total', 'wheelhouse_jobs_queue_depth', 'wheelhouse_jobs_oldest_age_seconds', 'wheelhouse_db_pool_connections{state="total"}']) {
      expect(before, series).toContain(series)
    }

    const products = (await (await fetch(`${base}/api/products?where[kind][equals]=accessory&where[stockQuantity][greater_than]=2&limit=1&depth=0`)).json()) as { docs: Array<{ id: number }> }
    const productId = products.docs[0]!.id
    const place = async (requestId: string) => {
      const key = randomUUID()
      const placed = await fetch(`${base}/api/checkout/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, 'x-request-id': requestId },
        body: JSON.stringify({
          checkoutKey: key,
          lines: [{ productId, count: 1 }],
          deliveryMethod: 'free',
          contact: { firstName: 'Olive', lastName: 'Ops', email: `olive+${key.slice(0, 8)}@example.co.uk`, phone: '07700 900123' },
          address: { line1: '2 Low Road', town: 'York', postcode: 'YO1 7HH' },
          acceptTerms: true,
        }),
      })
      expect(placed.status).toBe(201)
      expect(placed.headers.get('x-request-id')).toBe(requestId)
      return (await placed.json()) as { orderNumber: string; paymentUrl: string }
    }
    // Two orders and one payment: the operator's panels of orders placed and payments taken must read 2 and 1. The
    // second order is left unpaid, as a customer who walks away from the card page leaves it.
    const requestId = `e2e-checkout-${randomUUID()}`
    const order = await place(requestId)
    await place(`e2e-checkout-${randomUUID()}`)
    const paid = await fetch(`${base}${order.paymentUrl}/submit`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Olive Ops' }).toString(),
    })
    expect(paid.status).toBeLessThan(400)

    // The payment reaches the order through the gateway's webhook; wait for the count to move.
    let after = await scrape()
    for (let i = 0; i < 40 && value(after, 'wheelhouse_payments_total', 'outcome="taken"') <= value(before, 'wheelhouse_payments_total', 'outcome="taken"'); i++) {
      await sleep(250)
      after = await scrape()
    }
    expect(value(after, 'wheelhouse_orders_placed_total', 'payment="card"')).toBe(value(before, 'wheelhouse_orders_placed_total', 'payment="card"') + 2)
    expect(value(after, 'wheelhouse_payments_total', 'outcome="taken"')).toBe(value(before, 'wheelhouse_payments_total', 'outcome="taken"') + 1)
    // Every series the shipped dashboard's panels ask for is in the scrape, so none of them reads "no data".
    const dashboard = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/ops/grafana-dashboard.json'), 'utf8')) as { panels: Array<{ title: string; targets?: Array<{ expr: string }> }> }
    for (const panel of dashboard.panels) {
      for (const target of panel.targets ?? []) {
        for (const series of target.expr.match(/\bwheelhouse_[a-z0-9_]+/g) ?? []) expect(after, `${panel.title}: ${series}`).toMatch(new RegExp(`^${series}[{ ]`, 'm'))
      }
    }
    const checkoutCount = 'wheelhouse_http_request_duration_seconds_count'
    expect(value(after, checkoutCount, 'family="api:checkout",method="POST",status="2xx"')).toBeGreaterThan(value(before, checkoutCount, 'family="api:checkout",method="POST",status="2xx"'))

    // Logs: one JSON format from the test's start, and the checkout's lines all carry its id.
    await sleep(300)
    const text = fs.readFileSync(logFile).subarray(logStart).toString('utf8') // a byte offset: lines hold non-ASCII text
    const lines = text.split('\n').filter((l) => l.trim())
    const parsed: LogLine[] = []
    for (const raw of lines) {
      let line: LogLine
      try {
        line = JSON.parse(raw) as LogLine
      } catch {
        throw new Error(`a log line is not JSON: ${raw.slice(0, 200)}`)
      }
      expect(typeof line.level, raw).toBe('string')
      expect(line.time, raw).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      parsed.push(line)
    }
    const ofCheckout = parsed.filter((l) => l.requestId === requestId)
    expect(ofCheckout.map((l) => l.msg)).toEqual(expect.arrayContaining(['order placed', 'request']))
    // Every line about this order written before the payment request is the checkout request's.
    const firstPaymentLine = parsed.findIndex((l) => typeof l.path === 'string' && l.path.includes('/submit'))
    const orderLines = parsed.slice(0, firstPaymentLine === -1 ? undefined : firstPaymentLine).filter((l) => JSON.stringify(l).includes(order.orderNumber))
    expect(orderLines.length).toBeGreaterThan(0)
    for (const line of orderLines) expect(line.requestId, JSON.stringify(line)).toBe(requestId)
  })
})
