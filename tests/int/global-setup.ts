// Gives the integration run throwaway databases: each test file gets its own (see ./payload.ts), a fresh
// SQLite file or a fresh PostgreSQL database created beside TEST_DATABASE_URL; all are dropped afterwards.
// TEST_DB chooses the kind (sqlite by default).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

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
    process.env.DATABASE_URL = `file:${path.join(dir, 'int.db')}`
    return () => fs.rmSync(dir, { recursive: true, force: true })
  }

  const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  const prefix = `wheelhouse_int_${Date.now()}_${process.pid}`
  process.env.INT_PG_ADMIN_URL = adminUrl
  process.env.INT_PG_PREFIX = prefix
  const url = new URL(adminUrl)
  url.pathname = `/${prefix}`
  process.env.DATABASE_URL = url.toString()

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`])
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    await client.end()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
