// Gives the integration run throwaway databases: each test file gets its own (see ./payload.ts), a fresh
// SQLite file or a fresh PostgreSQL database created beside TEST_DATABASE_URL; all are dropped afterwards.
// TEST_DB chooses the kind (sqlite by default).
//
// Each file's database starts as a copy (a file copy, or PostgreSQL's CREATE DATABASE … TEMPLATE) of one of two
// templates made here, once: the committed migrations alone, or with the demo shop seeded too (./templates.ts).
// Seeding the demo shop took each file that needed it 40–80 s of its own on a slow machine, on both databases.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { bundleEntry, keepAliveArgs, removeBundle } from '../../scripts/run-ts.mjs'
import { TEMPLATE_NAMES, TEMPLATES } from './templates'

export default async function setup() {
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-int-'))
  process.env.MEDIA_DIR = path.join(dir, 'media')
  process.env.PAYLOAD_SECRET = 'integration-tests-secret-0123456789abcdef'
  process.env.LOG_LEVEL = 'warn'
  process.env.MEDIA_AVIF_EFFORT = '0' // the seeded pictures' AVIF sizes, made at each seed (a template's, a file's own), at sharp's fastest
  process.env.ADMIN_PASSWORD = 'integration-admin-password'
  process.env.INT_DB_KIND = kind
  process.env.INT_DB_DIR = dir

  if (kind === 'sqlite') {
    await makeTemplates((slug) => path.join(dir, `${slug}.db`), (file) => `file:${file}`)
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
  const database = (slug: string) => `${prefix}_${slug}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  for (const name of TEMPLATE_NAMES) await admin.query(`CREATE DATABASE "${database(TEMPLATES[name].slug)}"`)
  await admin.end()
  try {
    await makeTemplates(database, urlOf)
  } catch (error) {
    await drop()
    throw error
  }
  process.env.DATABASE_URL = urlOf(prefix)
  return drop
}

/**
 * Makes every template side by side, each in a process of its own (./template-database.ts), then tells the test files
 * where each is: `location` turns a template's slug into its SQLite file or PostgreSQL database, `urlOf` a location
 * into its DATABASE_URL.
 */
async function makeTemplates(location: (slug: string) => string, urlOf: (location: string) => string): Promise<void> {
  const bundle = await bundleEntry('tests/int/template-database.ts')
  try {
    await Promise.all(
      TEMPLATE_NAMES.map(
        (name) =>
          new Promise<void>((resolve, reject) => {
            const args = keepAliveArgs(bundle, name === 'demo shop' ? ['demo'] : [])
            const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: urlOf(location(TEMPLATES[name].slug)) } })
            child.once('error', reject)
            child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the integration run's ${name} template database failed (exit ${code ?? signal})`))))
          }),
      ),
    )
  } finally {
    removeBundle(bundle)
  }
  for (const name of TEMPLATE_NAMES) process.env[TEMPLATES[name].env] = location(TEMPLATES[name].slug)
}
