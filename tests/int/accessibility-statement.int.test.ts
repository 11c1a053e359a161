// The accessibility statement on a shop seeded before it existed: the start-up's seed step creates it when no page
// has its address, and never touches one that staff have edited. It states the checks the e2e suite runs (axe's
// WCAG 2.2 A and AA rules, the undecided contrasts, the phone-sized window) and how to report a problem.
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoShop } from '../../src/setup/seed/seed'
import { richTextToPlain } from '../../src/cms/hooks/search-index'
import { WCAG_TAGS } from '../e2e/page-checks'
import { testPayload } from './payload'

let payload: Payload
const db = process.env.TEST_DB ?? 'sqlite'

beforeAll(async () => {
  payload = await testPayload()
  // A shop seeded before the statement existed: marked as seeded, with no pages.
  await payload.updateGlobal({ slug: 'site-settings', data: { seededAt: new Date('2026-06-01T09:00:00Z').toISOString() } as never, overrideAccess: true })
}, 300_000)

afterAll(async () => {
  await payload?.destroy()
})

const statements = async () => (await payload.find({ collection: 'pages', where: { slug: { equals: 'accessibility' } }, depth: 0, overrideAccess: true, pagination: false })).docs

describe(`the accessibility statement on an existing shop on ${db}`, () => {
  it('is created at start-up when the shop has none, with the suite’s real checks and a way to report a problem', async () => {
    expect(await statements()).toEqual([])
    const result = await seedDemoShop(payload, { adminEmail: 'admin@int.test', adminPassword: 'integration-admin-password' })
    expect(result.seeded).toBe(false) // the catalogue is not seeded again
    const [page] = await statements()
    expect(page?.title).toBe('Accessibility statement')
    const text = `${page!.intro} ${richTextToPlain(page!.content)}`
    expect(text).toContain('WCAG) 2.2 at level AA')
    expect(text).toContain('axe-core against its WCAG 2.0, 2.1 and 2.2 A and AA rules')
    // ...which are the rules the e2e suite's browser gate runs on every page it opens
    expect(WCAG_TAGS).toEqual(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    expect(text).toContain('412 by 900 pixels')
    expect(text).toMatch(/Colour contrast: where axe cannot decide a contrast/)
    expect(text).toMatch(/Reporting a problem: .*tell us by phone or email/)
    expect((await payload.count({ collection: 'products', overrideAccess: true })).totalDocs).toBe(0)
  })

  it('never touches a statement staff have edited', async () => {
    const [page] = await statements()
    await payload.update({ collection: 'pages', id: page!.id, data: { intro: 'Our own words.' }, overrideAccess: true })
    await seedDemoShop(payload, { adminEmail: 'admin@int.test', adminPassword: 'integration-admin-password' })
    const after = await statements()
    expect(after.map((p) => [p.id, p.intro])).toEqual([[page!.id, 'Our own words.']])
  })
})
