// The accessibility statement (/accessibility, linked from every page's footer) on a shop seeded before it existed:
// created once when no page has its address, as the demo customer and the workshop's services are; a statement
// staff have edited, or a page of their own at that address, is never touched.
import type { Payload } from 'payload'
import { PAGES } from './catalogue-data'
import { buildPage } from './factories'

export const ACCESSIBILITY_SLUG = 'accessibility'

/** Creates the seeded accessibility statement when no page has its address; true when it did. */
export async function ensureAccessibilityStatement(payload: Payload, log: (message: string) => void = () => {}): Promise<boolean> {
  const found = await payload.find({ collection: 'pages', where: { slug: { equals: ACCESSIBILITY_SLUG } }, limit: 1, depth: 0, overrideAccess: true, pagination: false })
  if (found.docs.length > 0) return false
  const statement = PAGES.find((p) => p.slug === ACCESSIBILITY_SLUG)!
  await payload.create({ collection: 'pages', data: buildPage(statement), overrideAccess: true })
  log('accessibility statement page created')
  return true
}
