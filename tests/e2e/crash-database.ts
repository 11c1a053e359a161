// What the crash tests share: a direct connection to a crash test's throwaway database (SQLite file or PostgreSQL),
// for counting what a killed server left behind; waiting for the server to die at its crash point; and a throwaway
// shop made in seconds (crash-shop.ts) for a test that needs one product, not the demo catalogue.
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { createClient } from '@libsql/client'
import pg from 'pg'
import { runEntry } from '../../scripts/run-ts.mjs'

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
