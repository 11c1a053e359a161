// Gives the integration run throwaway databases: each test file gets its own (see ./payload.ts), a fresh
// SQLite file or a fresh PostgreSQL database created beside TEST_DATABASE_URL; all are dropped afterwards.
// TEST_DB chooses the kind (sqlite by default).
//
// Each file's database starts as a copy (a file copy, or PostgreSQL's CREATE DATABASE … TEMPLATE) of one of two
// templates made here, once: the committed migrations alone, or with the demo shop seeded too (./demo-shop.ts).
// Seeding the demo shop took each file that needed it 40–80 s of its own on a slow machine, on both databases.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { bundleEntry, keepAliveArgs, removeBundle } from '../../scripts/run-ts.mjs'
import { TEMPLATE_ENV, type TemplateName } from './templates'

export default async function setup() {
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-int-'))
  process.env.MEDIA_DIR = path.join(dir, 'media')
  process.env.PAYLOAD_SECRET = 'integration-tests-secret-0123456789abcdef'
  process.env.LOG_LEVEL = 'warn'
  process.env.MEDIA_AVIF_EFFORT = '0' // the seeded pictures' AVIF sizes, made once per test file, at sharp's fastest
  process.env.ADMIN_PASSWORD = 'integration-admin-password'
  process.env.INT_DB_KIND = kind
  process.env.INT_DB_DIR = dir

  if (kind === 'sqlite') {
    const file = (name: string) => path.join(dir, `${name}.db`)
    await makeTemplates((name) => `file:${file(name)}`)
    for (const name of ['migrated', 'demo shop'] as const) process.env[TEMPLATE_ENV[name]] = file(TEMPLATE_FILE[name])
    process.env.DATABASE_URL = `file:${path.join(dir, 'int.db')}`
    return () => fs.rmSync(dir, { recursive: true, force: true })
  }

  const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  const prefix = `wheelhouse_int_${Date.now()}_${process.pid}`
  process.env.INT_PG_ADMIN_URL = adminUrl
  process.env.INT_PG_PREFIX = prefix
  const urlOf = (database: string) => {
    const url = new URL(adminUrl)
    url.pathname = `/${database}`
    return url.toString()
  }
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`])
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    await client.end()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  for (const name of ['migrated', 'demo shop'] as const) await admin.query(`CREATE DATABASE "${prefix}_${TEMPLATE_FILE[name]}"`)
  await admin.end()
  try {
    await makeTemplates((name) => urlOf(`${prefix}_${name}`))
  } catch (error) {
    await drop()
    throw error
  }
  for (const name of ['migrated', 'demo shop'] as const) process.env[TEMPLATE_ENV[name]] = `${prefix}_${TEMPLATE_FILE[name]}`
  process.env.DATABASE_URL = urlOf(prefix)
  return drop
}

/** Each template's name in a file or database name. */
const TEMPLATE_FILE: Record<TemplateName, string> = { migrated: 'template', 'demo shop': 'demo' }

/** Makes both templates (./template-database.ts), each in a process of its own, side by side; `urlOf` names each one's database. */
async function makeTemplates(urlOf: (fileName: string) => string): Promise<void> {
  const bundle = await bundleEntry('tests/int/template-database.ts')
  try {
    await Promise.all(
      (['migrated', 'demo shop'] as const).map(
        (name) =>
          new Promise<void>((resolve, reject) => {
            const args = keepAliveArgs(bundle, name === 'demo shop' ? ['demo'] : [])
            const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: urlOf(TEMPLATE_FILE[name]) } })
            child.once('error', reject)
            child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the integration run's ${name} template database failed (exit ${code ?? signal})`))))
          }),
      ),
    )
  } finally {
    removeBundle(bundle)
  }
}
