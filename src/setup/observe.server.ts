// What /metrics reads from the database when it is scraped (issue 27 §3): the jobs queue's depth and the age of its
// oldest job, and the database pool's connections. Registered once at start-up (src/instrumentation.ts).
import 'server-only'
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
  onScrape('db', async () => {
    const use = poolUse(await payloadClient())
    m.dbPool.set({ state: 'total' }, use.total)
    m.dbPool.set({ state: 'idle' }, use.idle)
    m.dbPool.set({ state: 'waiting' }, use.waiting)
  })
}
