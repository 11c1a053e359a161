// Scheduled backups (docs/decisions/026): the runner's pass queues a backupShop job on the backups queue when one is
// due, runs it beside its usual work, and the job writes an archive and keeps only the newest BACKUP_KEEP.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupsSettled, runBackgroundPass } from '../../src/setup/jobs/runner.server'
import { testPayload } from './payload'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-scheduled-backup-'))
const backupDir = path.join(work, 'backups')
process.env.DATA_DIR = path.join(work, 'data')
process.env.MEDIA_DIR = path.join(work, 'data', 'media')
process.env.BACKUP_EVERY_HOURS = '24'
process.env.BACKUP_DIR = backupDir
process.env.BACKUP_KEEP = '2'
process.env.BACKUP_IDENTITY_FILE = path.join(work, 'backup-key.txt')
// Off the machine, as an operator's rclone or scp would copy it.
const offsite = path.join(work, 'offsite')
process.env.BACKUP_COPY_COMMAND = `mkdir -p '${offsite}' && cp "$ARCHIVE" '${offsite}/'`

let payload: Payload
beforeAll(async () => {
  payload = await testPayload()
}, 300_000)
afterAll(async () => {
  await payload?.destroy()
  fs.rmSync(work, { recursive: true, force: true })
})

const backupJobs = async () =>
  (await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'backupShop' } }, pagination: false, depth: 0, overrideAccess: true })).docs

describe(`scheduled backups on ${process.env.TEST_DB ?? 'sqlite'}`, () => {
  it('queues one when due, runs it on its own queue, and keeps the newest BACKUP_KEEP archives', async () => {
    fs.mkdirSync(backupDir, { recursive: true })
    const old = ['wheelhouse-backup-20260101-030000Z.tar.gz', 'wheelhouse-backup-20260102-030000Z.tar.gz']
    for (const name of old) fs.writeFileSync(path.join(backupDir, name), 'an older archive')
    fs.writeFileSync(path.join(backupDir, 'notes.txt'), 'not an archive: never deleted')

    // A job on the default queue, which the pass still runs itself (a product that does not exist: nothing to send).
    const other = await payload.jobs.queue({ task: 'sendSavedBikeAlerts', input: { productId: 999_999, kind: 'price-drop', key: 'scheduled-backup-test' }, overrideAccess: true })

    await runBackgroundPass(payload, { sweep: true })
    const done = await payload.findByID({ collection: 'payload-jobs', id: other.id, depth: 0, overrideAccess: true })
    expect(done.completedAt).toBeTruthy()
    const queued = await backupJobs()
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({ queue: 'backups' })

    // The job runs beside the pass; wait for it to finish.
    await backupsSettled()
    const job = (await backupJobs())[0]!
    expect(job.hasError, JSON.stringify(job.log)).toBeFalsy()
    expect(job.completedAt).toBeTruthy()
    const archive = String((job.log?.at(-1)?.output as { archive?: string } | undefined)?.archive ?? '')
    expect(path.dirname(archive)).toBe(backupDir)
    const left = fs.readdirSync(backupDir).sort()
    expect(left).toEqual(['notes.txt', old[1]!, path.basename(archive)].sort())
    // Encrypted, with the key outside the archive, and copied off the machine byte for byte.
    expect(path.basename(archive)).toMatch(/\.tar\.gz\.age$/)
    expect(fs.readFileSync(archive).subarray(0, 21).toString()).toBe('age-encryption.org/v1')
    expect(fs.readFileSync(path.join(offsite, path.basename(archive)))).toEqual(fs.readFileSync(archive))

    // Not due again for 24 hours: another pass queues nothing.
    await runBackgroundPass(payload, { sweep: true })
    await backupsSettled()
    expect(await backupJobs()).toHaveLength(1)
  }, 180_000)
})
