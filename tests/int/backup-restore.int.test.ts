// Backup and restore as an operator runs them (docs/decisions/026): `npm run backup` on a shop that keeps taking
// orders, `npm run restore` into a fresh folder (and, on PostgreSQL, a fresh database), then Payload started on
// the copy finds the same orders, stock ledger, customers (who can still sign in, and stay signed in), media and
// secrets (so links already emailed still verify). Also: a damaged archive and a non-empty target are refused.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { getPayload, type Payload } from 'payload'
import sharp from 'sharp'
import { Decrypter, generateX25519Identity } from 'age-encryption'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { manageToken, reservationTokenKey } from '../../src/features/reservations/reservation-email.server'
import { signLink } from '../../src/cms/auth/signed-links'
import { orderStockRef } from '../../src/features/stock/stock-ledger.server'
import { orderInput, simpleProduct } from './order-fixtures'
import { newPostgresDatabase, testPayload } from './payload'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')
const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-backup-int-'))
const sourceData = path.join(work, 'source')
// A shop as deployed with no secrets in its environment: every secret is generated into its data folder's secrets.json.
process.env.DATA_DIR = sourceData
process.env.MEDIA_DIR = path.join(sourceData, 'media')
delete process.env.PAYLOAD_SECRET
// The dealer's key, made on the first backup (no BACKUP_RECIPIENT): never inside the data folder or the archive.
const keyFile = path.join(work, 'backup-key.txt')
process.env.BACKUP_IDENTITY_FILE = keyFile

const INITIAL_STOCK = 400
const PASSWORD = 'restored-customer-password'
let payload: Payload
let copy: Payload | undefined

beforeAll(async () => {
  payload = await testPayload()
}, 300_000)

afterAll(async () => {
  try {
    await copy?.destroy()
    await payload?.destroy()
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
})

/** `node scripts/<script>` as `npm run` runs it; answers its exit code and output instead of throwing. */
async function script(name: string, args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'scripts', name), ...args], { cwd: root, env: process.env, timeout: 120_000 })
    return { code: 0, out: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: typeof failed.code === 'number' ? failed.code : 1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex')
type Row = Record<string, unknown>
const byId = <T extends { id: number | string }>(docs: T[]) => new Map(docs.map((d) => [d.id, d]))
const all = async (p: Payload, collection: 'orders' | 'stock-holds' | 'users' | 'media') =>
  (await p.find({ collection, pagination: false, depth: 0, overrideAccess: true, sort: 'id' })).docs as unknown as (Row & { id: number })[]

describe(`backup and restore on ${kind}`, () => {
  it('backs up a shop while it takes orders, and a restored copy has the same orders, ledger, customers, media and secrets', async () => {
    // The shop before the backup: stock, a customer, a picture, orders, and links already emailed.
    const productId = await simpleProduct(payload, INITIAL_STOCK, 2500)
    const email = `restored.${Date.now()}@example.co.uk`
    const customer = await payload.create({ collection: 'users', data: { email, password: PASSWORD, firstName: 'Rita', lastName: 'Stored', role: 'customer' }, overrideAccess: true })
    const session = await payload.login({ collection: 'users', data: { email, password: PASSWORD } })
    const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#c0392b' } }).png().toBuffer()
    const picture = await payload.create({ collection: 'media', data: { alt: 'A red square' }, file: { data: png, mimetype: 'image/png', name: 'red-square.png', size: png.length }, overrideAccess: true })
    const reservationLink = await manageToken(4242)
    const unsubscribeLink = await signLink('saved-bike-unsubscribe', customer.id)
    const sourceKey = reservationTokenKey()
    expect(fs.existsSync(path.join(sourceData, 'secrets.json'))).toBe(true)
    for (let i = 0; i < 3; i++) expect((await placeOrder(payload, orderInput([{ productId, count: 1 }]))).ok).toBe(true)
    const before = await all(payload, 'orders')

    // Checkouts keep coming while `npm run backup` runs.
    let stop = false
    let backupRunning = false
    let placedDuringBackup = 0
    const writer = (async () => {
      while (!stop) {
        const result = await placeOrder(payload, orderInput([{ productId, count: 1 + (placedDuringBackup % 2) }]))
        expect(result.ok).toBe(true)
        if (backupRunning) placedDuringBackup++
        await new Promise((r) => setTimeout(r, 5))
      }
    })()
    const backups = path.join(work, 'backups')
    backupRunning = true
    const backup = await script('backup.mjs', ['--out', backups])
    backupRunning = false
    stop = true
    await writer
    expect(backup, backup.out).toMatchObject({ code: 0 })
    expect(placedDuringBackup).toBeGreaterThan(0)
    const archives = fs.readdirSync(backups)
    expect(archives).toHaveLength(1)
    expect(archives[0]).toMatch(/^wheelhouse-backup-\d{8}-\d{6}Z\.tar\.gz\.age$/)
    const archive = path.join(backups, archives[0]!)
    expect(backup.out.trim().split('\n')).toContain(archive) // stdout's last line; the key's warning is on stderr
    expect(backup.out).toMatch(/made a backup key in .*backup-key\.txt: copy it off this machine/)

    // Unreadable without its key: not a tar file, nothing of the secrets or the database in the bytes, and a
    // restore with another key is refused before anything is written.
    const bytes = fs.readFileSync(archive)
    expect(bytes.subarray(0, 21).toString()).toBe('age-encryption.org/v1')
    await expect(run('tar', ['-tzf', archive])).rejects.toThrow()
    const secrets = JSON.parse(fs.readFileSync(path.join(sourceData, 'secrets.json'), 'utf8')) as Record<string, string>
    for (const value of Object.values(secrets)) expect(bytes.includes(Buffer.from(value))).toBe(false)
    const otherKey = path.join(work, 'other-key.txt')
    fs.writeFileSync(otherKey, `${await generateX25519Identity()}\n`)
    const wrongKey = await script('restore.mjs', [archive, '--identity', otherKey, '--data', path.join(work, 'wrong-key')])
    expect(wrongKey.code).toBe(1)
    expect(wrongKey.out).toMatch(/cannot be decrypted with the key in .*other-key\.txt/)
    expect(fs.existsSync(path.join(work, 'wrong-key'))).toBe(false)
    const after = await all(payload, 'orders')
    const later = await placeOrder(payload, orderInput([{ productId, count: 1 }])) // after the backup: not in the copy

    // Refused: a damaged archive, a non-empty data folder, a non-empty database. Nothing is written.
    const tampered = path.join(work, 'tampered')
    fs.mkdirSync(tampered)
    const decrypter = new Decrypter()
    decrypter.addIdentity(fs.readFileSync(keyFile, 'utf8').split('\n').find((l) => l.startsWith('AGE-SECRET-KEY-'))!)
    fs.writeFileSync(path.join(work, 'plain.tar.gz'), await decrypter.decrypt(bytes))
    await run('tar', ['-xzf', path.join(work, 'plain.tar.gz'), '-C', tampered])
    fs.appendFileSync(path.join(tampered, 'secrets.json'), ' ')
    await run('tar', ['-czf', path.join(work, 'tampered.tar.gz'), '-C', tampered, '.'])
    const untouched = path.join(work, 'untouched')
    const restoreArgs = (dir: string, url?: string) => ['--data', dir, ...(url ? ['--database-url', url] : [])]
    const emptyPg = kind === 'postgres' ? await newPostgresDatabase(`restored_${Date.now()}`) : undefined
    const damaged = await script('restore.mjs', [path.join(work, 'tampered.tar.gz'), ...restoreArgs(untouched, emptyPg)])
    expect(damaged.code).toBe(1)
    expect(damaged.out).toMatch(/checksum mismatch for secrets\.json/)
    expect(fs.existsSync(untouched)).toBe(false)
    const notEmpty = await script('restore.mjs', [archive, ...restoreArgs(sourceData, emptyPg)])
    expect(notEmpty.code).toBe(1)
    expect(notEmpty.out).toMatch(/data folder .* is not empty/)
    if (kind === 'postgres') {
      const busyDb = await script('restore.mjs', [archive, ...restoreArgs(untouched, process.env.DATABASE_URL)])
      expect(busyDb.code).toBe(1)
      expect(busyDb.out).toMatch(/target PostgreSQL database is not empty/)
      expect(fs.existsSync(untouched)).toBe(false)
    }

    // Restore into a fresh folder (and database), then start Payload on the copy, as the shop would start.
    const restored = path.join(work, 'restored')
    const restore = await script('restore.mjs', [archive, ...restoreArgs(restored, emptyPg)])
    expect(restore, restore.out).toMatchObject({ code: 0 })
    expect(restore.out).toMatch(/every checksum matched/)
    vi.resetModules()
    process.env.DATA_DIR = restored
    delete process.env.MEDIA_DIR
    process.env.DATABASE_URL = emptyPg ?? `file:${path.join(restored, 'wheelhouse.db')}`
    const { default: config } = await import('../../src/payload.config')
    const { migrateDatabase } = await import('../../src/cms/migrate.server')
    copy = await getPayload({ config, key: 'restored-copy' })
    expect(await migrateDatabase(copy)).toEqual([]) // nothing to do: the copy is at the same migration

    // Orders: all placed before the backup began, and only orders the shop really has, each the same.
    const copied = await all(copy, 'orders')
    const source = byId(after)
    expect(copied.length).toBeGreaterThanOrEqual(before.length)
    expect(copied.length).toBeLessThanOrEqual(after.length)
    for (const order of before) expect(copied.some((c) => c.id === order.id)).toBe(true)
    expect(later.ok && copied.some((c) => c.id === later.orderId)).toBe(false)
    for (const order of copied) expect(order).toMatchObject({ orderNumber: source.get(order.id)?.orderNumber, totalPence: source.get(order.id)?.totalPence, status: source.get(order.id)?.status })

    // The stock ledger: the same rows, and a consistent snapshot (initial stock = on the shelf + held + sold). On
    // SQLite an order is written 'pending' just before the batch that takes its stock; one caught in between holds
    // nothing, and the restored shop's runner removes it at start, as after a crash (reconcile-stock.server.ts).
    const ledger = await all(copy, 'stock-holds')
    const sourceLedger = byId(await all(payload, 'stock-holds'))
    for (const order of copied) {
      const rows = ledger.filter((r) => r.ref === orderStockRef(order.id))
      if ((order.stock as { state?: string } | undefined)?.state === 'pending') {
        expect(before.some((b) => b.id === order.id)).toBe(false)
        expect(rows).toEqual([])
      } else expect(rows.length).toBeGreaterThan(0)
    }
    for (const row of ledger) expect(row).toMatchObject({ ref: sourceLedger.get(row.id)?.ref, count: sourceLedger.get(row.id)?.count, state: sourceLedger.get(row.id)?.state })
    const product = await copy.findByID({ collection: 'products', id: productId, depth: 0, overrideAccess: true })
    const taken = ledger.filter((r) => r.product === productId && r.state !== 'released').reduce((sum, r) => sum + Number(r.count), 0)
    expect((product.stockQuantity ?? 0) + taken).toBe(INITIAL_STOCK)

    // Customers: the same password signs in, and a session from before the backup is still valid.
    const signIn = await copy.login({ collection: 'users', data: { email, password: PASSWORD } })
    expect(signIn.user?.id).toBe(customer.id)
    const stillSignedIn = await copy.auth({ headers: new Headers({ Authorization: `JWT ${session.token}` }) })
    expect(stillSignedIn.user?.id).toBe(customer.id)

    // Media: the record and the very same file (and its resized copies) in the restored folder.
    const media = await copy.findByID({ collection: 'media', id: picture.id, depth: 0, overrideAccess: true })
    expect(media.filename).toBe(picture.filename)
    expect(sha256(path.join(restored, 'media', media.filename!))).toBe(sha256(path.join(sourceData, 'media', picture.filename!)))
    for (const size of Object.values(picture.sizes ?? {})) {
      if (size?.filename) expect(fs.existsSync(path.join(restored, 'media', size.filename))).toBe(true)
    }

    // Secrets: links emailed before the backup still verify on the copy.
    const restoredReservations = await import('../../src/features/reservations/reservation-email.server')
    const { reservationIdFromToken } = await import('../../src/features/reservations/reservation-token')
    const restoredLinks = await import('../../src/cms/auth/signed-links')
    expect(restoredReservations.reservationTokenKey()).toBe(sourceKey)
    expect(await reservationIdFromToken(reservationLink)).toBe(4242)
    expect(await restoredLinks.linkedId('saved-bike-unsubscribe', unsubscribeLink)).toBe(customer.id)
    expect(JSON.parse(fs.readFileSync(path.join(restored, 'secrets.json'), 'utf8'))).toEqual(JSON.parse(fs.readFileSync(path.join(sourceData, 'secrets.json'), 'utf8')))
  }, 300_000)
})
