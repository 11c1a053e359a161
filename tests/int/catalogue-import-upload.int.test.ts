// A stock file sent from the admin (POST /api/catalogue/imports, multipart) by staff only; a dry
// run counts and lists the refused rows by line and writes nothing; an import is recorded, queued for the job
// runner (never run inside the request) and finishes with its refused rows to download; bad requests get a
// clear 4xx and change nothing; the stored rows of an import are never sent to the admin or its REST API.
import fs from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleImportUpload } from '../../src/features/catalogue-import/admin-upload.server'
import { runCatalogueImport } from '../../src/features/catalogue-import/import-job.server'
import { readRows } from '../../src/cms/sql.server'
import { refusedRowsCsv } from '../../src/features/catalogue-import/refused-download.server'
import { buildCategory } from '../../src/setup/seed/factories'
import { testPayload } from './payload'

const db = process.env.TEST_DB ?? 'sqlite'
const SITE = 'http://localhost:3000'
const CSV = fs.readFileSync(path.resolve('tests/fixtures/catalogue-import-with-errors.csv'), 'utf8')
const STAFF_KEY = 'upload-staff-key-0123456789abcdef0123'
const CUSTOMER_KEY = 'upload-customer-key-0123456789abcdef'
let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
  for (const [top, kind, child] of [['Riderwear', 'riderwear', 'Gloves'], ['Bike Accessories', 'accessory', 'Locks']] as const) {
    const parent = await payload.create({ collection: 'categories', data: buildCategory({ name: top, kind }), overrideAccess: true })
    await payload.create({ collection: 'categories', data: buildCategory({ name: child, slug: child === 'Locks' ? 'locks' : undefined, kind, parent: parent.id }), overrideAccess: true })
  }
  await payload.create({ collection: 'users', data: { email: 'upload-staff@int.test', password: 'a long staff password 1', role: 'staff', enableAPIKey: true, apiKey: STAFF_KEY }, overrideAccess: true })
  await payload.create({ collection: 'users', data: { email: 'upload-customer@int.test', password: 'a long customer password 1', role: 'customer', enableAPIKey: true, apiKey: CUSTOMER_KEY }, overrideAccess: true })
}, 180_000)

afterAll(async () => {
  await payload?.destroy()
})

function upload(fields: Record<string, string | Blob>, headers: Record<string, string> = { authorization: `users API-Key ${STAFF_KEY}` }, fileName = 'stock.csv'): Promise<Response> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.set(name, value)
    else form.set(name, value, name === 'file' ? fileName : 'pictures.zip')
  }
  return handleImportUpload(new Request(`${SITE}/api/catalogue/imports`, { method: 'POST', body: form, headers }), payload)
}

const csvFile = (text: string | Uint8Array<ArrayBuffer>) => new Blob([text], { type: 'text/csv' })
const counts = async () => ({
  products: (await payload.count({ collection: 'products', overrideAccess: true })).totalDocs,
  imports: (await payload.count({ collection: 'catalogue-imports', overrideAccess: true })).totalDocs,
  media: (await payload.count({ collection: 'media', overrideAccess: true })).totalDocs,
})

const REFUSED = [
  { line: 6, sku: 'FIX-CAPE', reason: expect.stringMatching(/category/i) },
  { line: 7, sku: 'FIX-NEG', reason: expect.stringMatching(/stock/i) },
  { line: 8, sku: 'FIX-PRICE', reason: expect.stringMatching(/price/i) },
  { line: 9, sku: 'FIX-LOCK', reason: expect.stringMatching(/line 5/i) },
  { line: 10, sku: 'FIX-ORPHAN-M', reason: expect.stringMatching(/FIX-NO-PARENT/) },
]

describe(`admin stock file upload on ${db}`, () => {
  it('refuses anyone but staff, and requests it cannot read, changing nothing', async () => {
    const before = await counts()
    const refusals: [Response, number, string][] = [
      [await upload({ file: csvFile(CSV) }, {}), 401, 'unauthorised'],
      [await upload({ file: csvFile(CSV) }, { authorization: `users API-Key ${CUSTOMER_KEY}` }), 403, 'forbidden'],
      // A session cookie from a page on another site is not honoured (Payload's CSRF rule): nobody is signed in.
      [await upload({ file: csvFile(CSV) }, { cookie: 'payload-token=forged', origin: 'https://evil.example' }), 401, 'unauthorised'],
      [await handleImportUpload(new Request(`${SITE}/api/catalogue/imports`, { method: 'POST', body: '{"rows":[]}', headers: { 'content-type': 'application/json', authorization: `users API-Key ${STAFF_KEY}` } }), payload), 415, 'unsupported_media_type'],
      [await upload({ dryRun: 'true' }), 400, 'invalid_request'],
      [await upload({ file: csvFile('') }), 400, 'invalid_request'],
      // Neither UTF-8 nor Windows-1252 (0x81 is a byte Windows-1252 leaves undefined), UTF-16, and a bad choice.
      [await upload({ file: csvFile(new Uint8Array([0x73, 0x6b, 0x75, 0x0a, 0x81, 0x41])) }), 422, 'unreadable_file'],
      [await upload({ file: csvFile(new Uint8Array([0xff, 0xfe, 0x73, 0x00])) }), 422, 'unreadable_file'],
      [await upload({ file: csvFile(new Uint8Array([0x73, 0x6b, 0x75, 0x0a, 0xa3, 0x41])), encoding: 'utf-8' }), 422, 'unreadable_file'],
      [await upload({ file: csvFile(CSV), encoding: 'ebcdic' }), 400, 'invalid_request'],
      [await upload({ file: csvFile('sku,name\nA\u0000B,x\n') }), 422, 'invalid_characters'],
      [await upload({ file: csvFile('sku,parent_sku,name\n') }), 422, 'unreadable_file'],
      [await upload({ file: csvFile('flavour,colour\nmint,red\n') }), 422, 'unreadable_file'],
      [await upload({ file: csvFile('sku,name\n"FIX-X,broken\n') }), 422, 'unreadable_file'],
      [await upload({ file: csvFile(CSV), images: new Blob(['not a zip'], { type: 'application/zip' }) }), 422, 'unreadable_zip'],
    ]
    for (const [res, status, error] of refusals) {
      expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([status, error])
    }
    expect(await counts()).toEqual(before)
  })

  it('checks a file in a dry run: counts, and the refused rows by line and reason, writing nothing', async () => {
    const before = await counts()
    const res = await upload({ file: csvFile(CSV), dryRun: 'true' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({ dryRun: true, fileName: 'stock.csv', total: 9, created: 4, updated: 0, unchanged: 0, refused: 5, archived: 0 })
    expect(body.refusedRows).toEqual(REFUSED)
    expect(await counts()).toEqual(before)
  })

  it('records an import and queues its job, which the runner finishes with the refused rows to download', async () => {
    const before = await counts()
    const res = await upload({ file: csvFile(CSV) }, undefined, 'dealer-stock.csv')
    expect(res.status).toBe(201)
    const { importId, total, adminUrl } = (await res.json()) as { importId: number; total: number; adminUrl: string }
    expect(total).toBe(9)
    expect(adminUrl).toBe(`/admin/collections/catalogue-imports/${importId}`)
    // Queued, not run in the request: the runner (here, the test) takes it.
    const queued = await payload.findByID({ collection: 'catalogue-imports', id: importId, depth: 0, overrideAccess: true })
    expect(queued).toMatchObject({ status: 'queued', source: 'admin', fileName: 'dealer-stock.csv', total: 9, done: 0 })
    const jobs = await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'runCatalogueImport' } }, depth: 0, overrideAccess: true })
    expect(jobs.docs.map((j) => (j.input as { importId: number }).importId)).toContain(importId)
    expect((await counts()).products).toBe(before.products)

    const vacuums = async () => (db === 'postgres' ? Number((await readRows(payload, { sql: "SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relname = 'products'", args: [] }))[0]?.n) : 0)
    const vacuumsBefore = await vacuums()
    await runCatalogueImport(payload, importId)
    // on PostgreSQL the tables it wrote are vacuumed and analysed (refreshPlannerStatistics: index-only scans at once)
    if (db === 'postgres') expect(await vacuums()).toBeGreaterThan(vacuumsBefore)
    const done = await payload.findByID({ collection: 'catalogue-imports', id: importId, depth: 0, overrideAccess: true })
    expect(done).toMatchObject({ status: 'done', total: 9, created: 4, refusedCount: 5 })
    expect((await counts()).products).toBe(before.products + 2)

    const csv = await refusedRowsCsv(new Request(`${SITE}/x`, { headers: { authorization: `users API-Key ${STAFF_KEY}` } }), payload, String(importId))
    const lines = (await csv.text()).trim().split(/\r?\n/)
    expect(lines[0]).toBe('line,sku,reason')
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['6', '7', '8', '9', '10'])
  })

  it('imports a file saved by Excel as plain CSV (Windows-1252) with "£12.50" in it, detected or chosen', async () => {
    const text = 'sku,name,category,price,stock\r\nCP-LOCK,Chain lock £12.50 value,bike-accessories/locks,£12.50,4\r\n'
    const cp1252 = new Uint8Array([...text].map((c) => (c === '£' ? 0xa3 : c.charCodeAt(0))))
    for (const encoding of ['auto', 'windows-1252']) {
      const res = await upload({ file: csvFile(cp1252), dryRun: 'true', encoding })
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ total: 1, refused: 0 })
    }
    const res = await upload({ file: csvFile(cp1252) })
    expect(res.status).toBe(201)
    await runCatalogueImport(payload, ((await res.json()) as { importId: number }).importId)
    const [lock] = (await payload.find({ collection: 'products', where: { sku: { equals: 'CP-LOCK' } }, depth: 0, overrideAccess: true })).docs
    expect(lock).toMatchObject({ name: 'Chain lock £12.50 value', price: 1250, stockQuantity: 4 })
  })

  it('never sends an import’s stored rows to staff reading the record', async () => {
    const res = await upload({ file: csvFile(CSV) })
    const { importId } = (await res.json()) as { importId: number }
    const staff = (await payload.find({ collection: 'users', where: { email: { equals: 'upload-staff@int.test' } }, overrideAccess: true })).docs[0]!
    const asStaff = await payload.findByID({ collection: 'catalogue-imports', id: importId, depth: 0, overrideAccess: false, user: staff })
    expect(asStaff.total).toBe(9)
    expect(asStaff.feed).toBeUndefined()
    const asImporter = await payload.findByID({ collection: 'catalogue-imports', id: importId, depth: 0, overrideAccess: true })
    expect(asImporter.feed).toBeTruthy()
  })
})
