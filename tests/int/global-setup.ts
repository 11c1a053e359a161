// Gives the integration run a throwaway database: a fresh SQLite file, or a fresh PostgreSQL database
// created beside TEST_DATABASE_URL and dropped afterwards. TEST_DB chooses (sqlite by default).
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
  process.env.ADMIN_PASSWORD = 'integration-admin-password'

  if (kind === 'sqlite') {
    process.env.DATABASE_URL = `file:${path.join(dir, 'int.db')}`
    return () => fs.rmSync(dir, { recursive: true, force: true })
  }

  const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `wheelhouse_int_${Date.now()}_${process.pid}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  process.env.DATABASE_URL = url.toString()

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await client.end()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
