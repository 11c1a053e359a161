// A catalogue import from the command line reaches the running shops' search within seconds (ADR 073). A shop
// started inside an integration test is impractical (a production build and a server), so the test runs the two
// real seams the change crosses: the command line's announcer publishes, on the shop's own Redis channel, the
// change the import makes (what every running instance subscribes to, server.mjs), and a search process that did not
// write the index itself finds the new product once it applies that change (what /api/internal/revalidate does).
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { testPayload } from './payload'

vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn, revalidateTag: () => undefined, revalidatePath: () => undefined }))

const { csvRows } = await import('../../src/domain/catalogue/import/feed-rows')
const { importFeed } = await import('../../src/features/catalogue-import/import-feed.server')
const { runSearch } = await import('../../src/features/search/search.server')
const { revalidateNextCaches } = await import('../../src/cms/hooks/revalidate-storefront')
const { changesSearchIndex, parseStorefrontChange } = await import('../../src/config/storefront-change')
const { storefrontChannel } = await import('../../src/config/storefront-channel.mjs')
const { installAnnouncer } = await import('../../src/setup/storefront-announce')

const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379'
const env = { REDIS_URL: url, REDIS_PREFIX: `wheelhouse-test:${randomUUID()}` }
const BUS = '__wheelhouseStorefrontBus'
const INDEX_STATE = '__wheelhouseSearchIndex'
let payload: Payload
let subscriber: Redis

beforeAll(async () => {
  payload = await testPayload()
  await payload.create({ collection: 'categories', data: { name: 'Motorcycles', slug: 'motorcycles', kind: 'motorcycle' }, overrideAccess: true })
  subscriber = new Redis(url)
  await subscriber.subscribe(storefrontChannel(env))
}, 300_000)

afterAll(async () => {
  await subscriber?.quit()
  await payload?.destroy()
})

const HEADER = 'sku,parent_sku,name,kind,condition,brand,category,price,stock,status,description,size,colour,vrm,mileage,first_registered,keepers,cap_code,engine_cc,licence,images,engine'

describe('a command-line import tells the running shop', () => {
  it('announces its batches on the shop’s channel, and a shop applying the change finds the new product within 5 s', async () => {
    const holder = globalThis as { [BUS]?: unknown; [INDEX_STATE]?: { generation: number; elsewhere: number } }
    delete holder[BUS] // the command line has no server: the announcer is its bus
    const bus = await installAnnouncer('unused with Redis', () => undefined, env)
    expect(bus).not.toBeNull()
    const received: unknown[] = []
    subscriber.on('message', (_channel, message) => received.push(JSON.parse(message)))

    // the shop has searched before: its vocabulary is read and does not know the new model's word
    expect((await runSearch(payload, 'quasarblade')).matches).toEqual([])
    const before = { ...holder[INDEX_STATE]! }
    await importFeed(payload, csvRows([HEADER, 'CLI-QB-1,,Vortan Quasarblade 700,motorcycle,new,Vortan,motorcycles,"6,999.00",2,active,A new naked twin.,,,,,,,,689,A2,,'].join('\n')), { actor: 'catalogue:import' })
    await bus!.flush()
    // From the import's end: how long the import itself takes on a busy machine is not what the shop is asked.
    const imported = Date.now()
    // as if the import had run in another process: this one's own record of its index writes is put back
    holder[INDEX_STATE]!.generation = before.generation

    // the batch announces its products with `index` (a new brand the feed brings announces everything as well)
    await vi.waitFor(() => expect(received).toContainEqual({ from: 'command-line', change: { kind: 'products', slugs: [expect.any(String)], index: true } }), { timeout: 5000 })
    for (const message of received as { change: unknown }[]) {
      const change = parseStorefrontChange(message.change)
      expect(change && changesSearchIndex(change)).toBe(true)
      await revalidateNextCaches(change!) // what the running shop does with a change from elsewhere
    }
    await vi.waitFor(async () => expect((await runSearch(payload, 'quasarblade')).matches?.length).toBe(1), { timeout: 5000, interval: 100 })
    expect(Date.now() - imported).toBeLessThan(5000)
    await bus!.close()
    delete holder[BUS]
  })
})
