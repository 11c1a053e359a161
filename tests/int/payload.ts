// One Payload instance per test file, on a database of its own (a copy of a template, ./templates.ts), so no file
// sees another's rows.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll } from 'vitest'
import { TEMPLATES, type TemplateName } from './templates'

let instance: Promise<Payload> | undefined

/** The kind of database this run tests on (scripts/test.mjs sets TEST_DB), for test names and kind-specific checks. */
export const db = process.env.TEST_DB ?? 'sqlite'

/**
 * A new PostgreSQL database named `<prefix>_<suffix>` (the global teardown drops it with the others), empty or a copy
 * of the database `template`: its URL.
 */
export async function newPostgresDatabase(suffix: string, template?: string): Promise<string> {
  const name = `${process.env.INT_PG_PREFIX}_${suffix}`
  const admin = new pg.Client({ connectionString: process.env.INT_PG_ADMIN_URL })
  await admin.connect()
  await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(process.env.INT_PG_ADMIN_URL!)
  url.pathname = `/${name}`
  return url.toString()
}

/** Points DATABASE_URL at a new database of the kind the global set-up chose, a copy of its template `start`. */
async function freshDatabase(start: TemplateName): Promise<void> {
  const id = crypto.randomBytes(4).toString('hex')
  const template = process.env[TEMPLATES[start].env]!
  if (process.env.INT_DB_KIND === 'postgres') {
    process.env.DATABASE_URL = await newPostgresDatabase(id, template)
    return
  }
  const file = path.join(process.env.INT_DB_DIR!, `int-${id}.db`)
  fs.copyFileSync(template, file)
  if (fs.existsSync(`${template}-wal`)) fs.copyFileSync(`${template}-wal`, `${file}-wal`)
  process.env.DATABASE_URL = `file:${file}`
}

/**
 * The test file's Payload, on a database of its own that starts as the template `start` (./templates.ts): migrated,
 * or holding the demo shop too. The first call decides; later calls answer the same instance. Migrations committed
 * after the template was made still run.
 */
export function testPayload(start: TemplateName = 'migrated'): Promise<Payload> {
  instance ??= (async () => {
    if (process.env.INT_DB_KIND) await freshDatabase(start)
    const { default: config } = await import('../../src/payload.config')
    const { migrateDatabase } = await import('../../src/cms/migrate.server')
    const payload = await getPayload({ config })
    await migrateDatabase(payload)
    return payload
  })()
  return instance
}

/**
 * The test file's Payload once withTestPayload's hook has made it. A live binding: read it inside hooks and tests
 * (each test file has its own copy of this module, as of the instance above).
 */
export let payload: Payload

/**
 * Registers the file's set-up and teardown: before its tests the file's Payload is made (`payload` above), its
 * database a copy of the template `start`, and `ready` seeds what else the file needs with it; after them `close`
 * shuts what else the file opened, then Payload goes.
 */
export function withTestPayload(ready?: (payload: Payload) => unknown, timeout = 300_000, close?: () => unknown, start: TemplateName = 'migrated'): void {
  beforeAll(async () => {
    payload = await testPayload(start)
    await ready?.(payload)
  }, timeout)
  afterAll(async () => {
    await close?.()
    await payload?.destroy()
  })
}

/** withTestPayload on a copy of the demo shop (./templates.ts). */
export function withDemoShop(ready?: (payload: Payload) => unknown, timeout?: number, close?: () => unknown): void {
  withTestPayload(ready, timeout, close, 'demo shop')
}
