// A server killed (SIGKILL) right after Klarna approved Pay in 3 on the test gateway, before the shop heard of it,
// then restarted: the queued webhook is delivered and the order is paid once, with one paid history entry, its unit
// sold and one confirmation (ADR 025's crash point gateway-payment-taken, on the Klarna path; ADR 052). On SQLite and
// PostgreSQL. Its shop is made in seconds (prepareCrashShop: migrations, the admin, one lock in stock) rather than
// seeded with the demo catalogue, whose pictures took minutes and kept this test from ever running in time.
import type { ChildProcess } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { crashShop, exited, placeCheckout, prepareCrashShop, sleep, submitGatewayForm, type Row } from './crash-database'
import { readOutbox } from '../../src/adapters/email/file-outbox'
import { pgAdmin, serveShop, stopShop } from '../../scripts/shop-process.mjs'

const ADMIN = { email: 'admin@crash-klarna.test', password: 'crash-admin-password-1234' }
const SECRET = 'crash-klarna-secret-0123456789abcdef-012'

/** A Pay in 3 checkout of one lock, approved on the gateway's Klarna page; answers the order number. */
async function checkoutWithKlarna(base: string, productId: number): Promise<string> {
  const response = await placeCheckout(base, [{ productId, count: 1 }], { paymentMethod: 'klarna' })
  const body = (await response.json()) as { paymentUrl?: string; orderNumber?: string }
  if (response.status !== 201 || !body.paymentUrl || !body.orderNumber) throw new Error(`checkout answered ${response.status}: ${JSON.stringify(body)}`)
  await submitGatewayForm(base, body.paymentUrl, 'klarna', { email: 'ada.rider@example.co.uk' }).catch(() => undefined) // the shop is killed while answering
  return body.orderNumber
}

describe.each(['sqlite', 'postgres'])('a server killed right after Klarna approved Pay in 3 (%s)', (kind) => {
  it('leaves one paid order with one confirmation after the restart', async () => {
    if (kind === 'postgres') await pgAdmin('SELECT 1') // CI requires PostgreSQL: fail loudly when it is missing
    const started = Date.now()
    const { dir, env, logFile, db, remove } = await crashShop(kind, 'crash-klarna', { port: 3484, admin: ADMIN, secret: SECRET, extra: { RATE_LIMITS: 'off' } })
    let child: ChildProcess | undefined
    try {
      const productId = await prepareCrashShop(env)
      let served = await serveShop({ ...env, WHEELHOUSE_CRASH_TESTS: '1', WHEELHOUSE_CRASH_AT: 'gateway-payment-taken' }, logFile)
      child = served.child
      const orderNumber = await checkoutWithKlarna(served.base, productId)
      expect(await exited(served.child, 30_000), 'the shop died at the crash point').toBe(true)
      expect(served.child.signalCode).toBe('SIGKILL')
      const [before] = (await db.query(`SELECT status FROM orders WHERE order_number = '${orderNumber}'`)) as [Row]
      expect(before.status, 'the shop had not heard of the payment when it died').toBe('awaiting_payment')

      served = await serveShop(env, logFile)
      child = served.child
      const outbox = path.join(dir, 'outbox')
      const confirmations = async () => (await readOutbox(outbox)).filter((m) => m.tag === 'order-confirmation' && m.subject.includes(orderNumber))
      for (let waited = 0; waited < 60_000; waited += 500) {
        const [row] = (await db.query(`SELECT status FROM orders WHERE order_number = '${orderNumber}'`)) as [Row]
        if (row.status === 'paid' && (await confirmations()).length > 0) break
        await sleep(500)
      }
      // The runner's next passes (every 2 s) find nothing more to send.
      await sleep(2500)
      const [order] = (await db.query(`SELECT id, status, payment_method, payment_paid_at FROM orders WHERE order_number = '${orderNumber}'`)) as [Row]
      expect(order).toMatchObject({ status: 'paid', payment_method: 'klarna' })
      expect(order.payment_paid_at).toBeTruthy()
      const [{ n: paidEntries }] = (await db.query(`SELECT COUNT(*) AS n FROM orders_history WHERE _parent_id = ${Number(order.id)} AND "to" = 'paid'`)) as [Row]
      expect(Number(paidEntries), 'one paid history entry').toBe(1)
      const [{ n: sold }] = (await db.query(`SELECT COALESCE(SUM(count), 0) AS n FROM stock_holds WHERE ref = 'order:${Number(order.id)}' AND state = 'sold'`)) as [Row]
      expect(Number(sold), 'its unit sold once').toBe(1)
      const [{ n: sessions }] = (await db.query(`SELECT COUNT(*) AS n FROM test_gateway_payments WHERE order_reference = '${orderNumber}' AND status = 'succeeded' AND method = 'klarna'`)) as [Row]
      expect(Number(sessions), 'one Klarna payment taken').toBe(1)
      expect(await confirmations(), 'exactly one confirmation').toHaveLength(1)
      console.info(`crash-klarna test (${kind}): ${Math.round((Date.now() - started) / 1000)} s`)
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) await stopShop(child, 'SIGTERM')
      await remove()
    }
    // About a minute per database on an idle machine; the bound leaves room for a loaded CI runner.
  }, 300_000)
})
