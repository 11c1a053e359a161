// The shop a test file drives: global-setup serves one per worker of the parallel project, each on its own copy of
// one seeded database, so two files running at once never share stock, customers, rate limits or the outbox.
import { inject } from 'vitest'
import type { E2eShop } from './global-setup'

/** This worker's shop (the only one when a project runs its files one at a time). */
export function shop(): E2eShop {
  const shops = inject('shops')
  const worker = Number(process.env.VITEST_POOL_ID ?? '1')
  return shops[(worker - 1) % shops.length]!
}
