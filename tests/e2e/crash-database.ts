// What the crash tests share: a direct connection to a crash test's throwaway database (SQLite file or PostgreSQL),
// for counting what a killed server left behind; waiting for the server to die at its crash point; and a throwaway
// shop made in seconds (crash-shop.ts) for a test that needs one product, not the demo catalogue.
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createClient } from '@libsql/client'
import pg from 'pg'
import { runEntry } from '../../scripts/run-ts.mjs'
import { shopEnv, throwawayPostgres } from '../../scripts/shop-process.mjs'

export type Row = Record<string, unknown>
export type Query = (sql: string) => Promise<Row[]>

export function database(kind: string, url: string): { query: Query; close: () => Promise<void> } {
  if (kind === 'sqlite') {
    const client = createClient({ url })
    return { query: async (sql) => (await client.execute(sql)).rows as unknown as Row[], close: async () => client.close() }
  }
  const client = new pg.Client({ connectionString: url })
  const connected = client.connect()
  return {
    query: async (sql) => {
      await connected
      return (await client.query(sql)).rows
    },
    close: async () => {
      await connected
      await client.end()
    },
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Whether the server process ended (killed at its crash point, or otherwise) within `timeoutMs`. */
export async function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  for (let waited = 0; waited < timeoutMs; waited += 100) {
    if (child.exitCode !== null || child.signalCode !== null) return true
    await sleep(100)
  }
  return false
}

/** Migrates the shop's database and adds its admin and one product in stock (crash-shop.ts); answers the product's id. */
export async function prepareCrashShop(env: Readonly<Record<string, string | undefined>>, product: { kind?: string; pricePence?: number } = {}): Promise<number> {
  const resultFile = path.join(env.DATA_DIR!, 'crash-shop.json')
  const run = await runEntry('tests/e2e/crash-shop.ts', [], { ...env, NODE_ENV: (env.NODE_ENV ?? 'production') as NodeJS.ProcessEnv['NODE_ENV'], PREPARE_RESULT_FILE: resultFile, CRASH_PRODUCT_KIND: product.kind ?? 'accessory', CRASH_PRODUCT_PENCE: String(product.pricePence ?? 4500) })
  if (run.status !== 0 || !fs.existsSync(resultFile)) throw new Error(`preparing the crash test's shop failed (exit ${run.status ?? run.signal})`)
  return (JSON.parse(fs.readFileSync(resultFile, 'utf8')) as { productId: number }).productId
}

/** A crash test's throwaway shop, not yet prepared or started, and `remove` to throw it away once its server has stopped. */
export interface CrashShop {
  readonly dir: string
  readonly env: ReturnType<typeof shopEnv>
  readonly logFile: string
  /** A direct connection to its database. */
  readonly db: ReturnType<typeof database>
  readonly remove: () => Promise<void>
}

/**
 * A folder in the system's temporary one named after the test (`wheelhouse-<name>-<kind>-…`), a database of `kind`
 * (a SQLite file in the folder, or a throwaway PostgreSQL database), and the shop's environment for them.
 */
export async function crashShop(kind: string, name: string, options: { port: number; admin: { email: string; password: string }; secret: string; extra: Record<string, string> }): Promise<CrashShop> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-${name}-${kind}-`))
  const pgDb = kind === 'postgres' ? await throwawayPostgres(`wheelhouse_${name.replaceAll('-', '_')}`) : null
  const databaseUrl = pgDb ? pgDb.url : `file:${path.join(dir, 'shop.db')}`
  const db = database(kind, databaseUrl)
  const remove = async () => {
    await db.close()
    await pgDb?.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return { dir, env: shopEnv({ databaseUrl, dir, ...options }), logFile: path.join(dir, 'server.log'), db, remove }
}

/** One customer's checkout through the shop's API, as the checkout form sends it (a new key and email address each time). */
export function placeCheckout(base: string, lines: { productId: number; count: number }[], extra: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`${base}/api/checkout/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      checkoutKey: randomUUID(),
      lines,
      deliveryMethod: 'free',
      ...extra,
      contact: { firstName: 'Ada', lastName: 'Rider', email: `ada+${randomUUID().slice(0, 8)}@example.co.uk`, phone: '07700 900123' },
      address: { line1: '2 Low Road', town: 'York', postcode: 'YO1 7HH' },
      acceptTerms: true,
    }),
  })
}

/** Posts the test gateway's form at `paymentUrl` (`/submit` for the card form, `/klarna` for Klarna's), as its page does. */
export function submitGatewayForm(base: string, paymentUrl: string, form: 'submit' | 'klarna', fields: Record<string, string>): Promise<Response> {
  return fetch(`${base}${paymentUrl}/${form}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams(fields).toString(),
  })
}

/** The test card that pays, as the gateway's card form takes it. */
export const TEST_CARD = { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Ada Rider' }
