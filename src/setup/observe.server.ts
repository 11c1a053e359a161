// What /metrics reads when it is scraped: the jobs queue's depth and the age of its oldest job, when the last scheduled
// backup succeeded, the data folder's free space, and the database pool's connections. Registered once at start-up (src/instrumentation.ts).
import 'server-only'
import { statfs } from 'node:fs/promises'
import { env } from '../config/env'
import { BACKUP_SHOP } from '../features/jobs/task-names'
import { payloadClient } from '../cms/payload-client.server'
import { queueDepth } from '../features/jobs/queue.server'
import { poolUse } from '../cms/sql.server'
import { metrics, onScrape } from '../lib/observe/metrics.mjs'

export function observeDatabase(): void {
  const m = metrics()
  onScrape('jobs', async () => {
    const { depth, oldest } = await queueDepth(await payloadClient())
    m.jobsDepth.set(depth)
    m.jobsOldestAge.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0)
  })
  // For the "backup missed" and "disk" alerts (docs/ops/alert-rules.yml).
  onScrape('backup', async () => {
    const payload = await payloadClient()
    const last = await payload.find({
      collection: 'payload-jobs',
      where: { and: [{ taskSlug: { equals: BACKUP_SHOP } }, { completedAt: { exists: true } }, { hasError: { not_equals: true } }] },
      sort: '-completedAt',
      limit: 1,
      depth: 0,
      overrideAccess: true,
      pagination: false,
    })
    const at = last.docs[0]?.completedAt
    m.backupLastSuccess.set(at ? new Date(at).getTime() / 1000 : 0)
  })
  onScrape('disk', async () => {
    const fsStats = await statfs(env().dataDir)
    m.dataDiskFree.set(fsStats.blocks > 0 ? fsStats.bavail / fsStats.blocks : 0)
  })
  onScrape('db', async () => {
    const use = poolUse(await payloadClient())
    m.dbPool.set({ state: 'total' }, use.total)
    m.dbPool.set({ state: 'idle' }, use.idle)
    m.dbPool.set({ state: 'waiting' }, use.waiting)
  })
}
