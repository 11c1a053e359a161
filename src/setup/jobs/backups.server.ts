// Scheduled backups (docs/decisions/026, 037): the runner queues a backupShop job at BACKUP_AT each night, or every
// BACKUP_EVERY_HOURS hours, and the
// job runs scripts/backup.mjs, the same program as `npm run backup`, in a child process (a large media folder
// never holds up this process's requests), keeping the newest BACKUP_KEEP archives in BACKUP_DIR.
import 'server-only'
import { spawn } from 'node:child_process'
import path from 'node:path'
import type { Payload } from 'payload'
import { env } from '../../config/env'
import { BACKUP_SHOP } from '../../features/jobs/task-names'
import { backupIsDue } from './backup-schedule'

/** The queue of backup jobs, which the runner works beside the default one (runner.server.ts). */
export const BACKUP_QUEUE = 'backups'

/** Queues a backup when one is due; answers whether it did. Called by the one runner, so two never race. */
export async function queueBackupIfDue(payload: Payload, now = new Date()): Promise<boolean> {
  const schedule = { everyHours: env().BACKUP_EVERY_HOURS, at: env().BACKUP_AT }
  if (!schedule.at && !(schedule.everyHours > 0)) return false
  const last = await payload.find({
    collection: 'payload-jobs',
    where: { taskSlug: { equals: BACKUP_SHOP } },
    sort: '-createdAt',
    limit: 1,
    depth: 0,
    overrideAccess: true,
    pagination: false,
  })
  const lastAt = last.docs[0]?.createdAt ? new Date(last.docs[0].createdAt) : null
  if (!backupIsDue(lastAt, now, schedule)) return false
  await (payload.jobs.queue as (args: { task: string; input: Record<string, unknown>; queue: string; overrideAccess?: boolean }) => Promise<unknown>)({ task: BACKUP_SHOP, input: {}, queue: BACKUP_QUEUE, overrideAccess: true })
  return true
}

/** Runs `node scripts/backup.mjs --out BACKUP_DIR --keep BACKUP_KEEP`; answers the archive's path, or throws its error. */
export function runBackup(): Promise<string> {
  const settings = env()
  const script = path.join(process.cwd(), 'scripts', 'backup.mjs')
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, '--out', settings.backupDir, '--keep', String(settings.BACKUP_KEEP)], { cwd: process.cwd(), env: process.env, stdio: ['ignore', 'pipe', 'pipe'] })
    // The archive's path is stdout's last line; stderr (a warning, a failure) is kept for the job's error.
    let stdout = ''
    let out = ''
    child.stdout.on('data', (chunk) => {
      stdout = (stdout + chunk).slice(-4000)
      out = (out + chunk).slice(-4000)
    })
    child.stderr.on('data', (chunk) => (out = (out + chunk).slice(-4000)))
    child.on('error', reject)
    child.on('close', (code) => {
      const lines = stdout.trim().split('\n')
      if (code === 0) resolve(lines[lines.length - 1] ?? '')
      else reject(new Error(`backup failed (exit ${code}): ${out.trim().slice(-1000)}`))
    })
  })
}
