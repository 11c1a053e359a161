// Finds every record the shop holds about one customer, in every collection that relates to a customer (read from
// the Payload config by domain/data-rights/customer-relation.ts, so a new collection is found without a list here):
// by a relationship to the account, by the account's email address once it is confirmed (guest orders placed with
// it), and by a relationship to a record already found (an order's payment events, a reservation's valuation).
import 'server-only'
import type { CollectionSlug, Payload, Where } from 'payload'
import { customerCollections, type CollectionShape, type CustomerLink } from '../../domain/data-rights/customer-relation'
import { ERASURE_POLICY } from '../../domain/data-rights/erasure-policy'
import { throttleKeys } from '../../domain/auth/login-throttle'

export const ACCOUNT_COLLECTION = 'users'

export interface Subject {
  readonly id: number
  readonly email: string
  /** Whether the address is confirmed: only then do records placed with it (without signing in) count as the account's. */
  readonly emailConfirmed: boolean
}

export type CustomerRecords = Map<string, Record<string, unknown>[]>

/** Records keyed by the customer in a way no field declaration shows: failed sign-ins counted under the address. */
const KEYED_BY_ADDRESS: Readonly<Record<string, (subject: Subject) => Where>> = {
  'login-throttles': (subject) => ({ key: { equals: throttleKeys.account(subject.email) } }),
}

/** The collections of this Payload config that relate to a customer, with the fields that make them so. */
export function relatedCollections(payload: Payload): Map<string, CustomerLink[]> {
  const found = customerCollections(payload.config.collections as unknown as CollectionShape[], ACCOUNT_COLLECTION)
  for (const slug of Object.keys(KEYED_BY_ADDRESS)) if (!found.has(slug)) found.set(slug, [])
  return found
}

function whereFor(slug: string, links: readonly CustomerLink[], subject: Subject, found: CustomerRecords): Where | null {
  if (slug === ACCOUNT_COLLECTION) return { id: { equals: subject.id } }
  if (KEYED_BY_ADDRESS[slug]) return KEYED_BY_ADDRESS[slug](subject)
  const or: Where[] = []
  for (const link of links) {
    if (link.kind === 'account' && link.polymorphic) or.push({ and: [{ [`${link.path}.relationTo`]: { equals: ACCOUNT_COLLECTION } }, { [`${link.path}.value`]: { equals: subject.id } }] })
    else if (link.kind === 'account') or.push({ [link.path]: { equals: subject.id } })
    else if (link.kind === 'email' && subject.emailConfirmed) or.push({ [link.path]: { equals: subject.email.toLowerCase() } })
    else if (link.kind === 'record') {
      for (const target of link.relationTo ?? []) {
        const ids = (found.get(target) ?? []).map((doc) => doc.id as number)
        if (ids.length === 0) continue
        or.push(link.polymorphic ? { and: [{ [`${link.path}.relationTo`]: { equals: target } }, { [`${link.path}.value`]: { in: ids } }] } : { [link.path]: { in: ids } })
      }
    }
  }
  return or.length > 0 ? { or } : null
}

/**
 * The customer's records in each related collection a customer's data covers (all but those the erasure policy marks
 * staff-only), repeated until no new record turns up. `full` reads hidden fields too (erasure needs them; a copy for
 * the customer leaves them out).
 */
export async function customerRecords(payload: Payload, subject: Subject, options: { readonly full?: boolean } = {}): Promise<CustomerRecords> {
  const related = [...relatedCollections(payload)].filter(([slug]) => ERASURE_POLICY[slug]?.action !== 'staff-only')
  const found: CustomerRecords = new Map(related.map(([slug]) => [slug, []]))
  for (let round = 0, changed = true; changed && round <= related.length; round++) {
    changed = false
    for (const [slug, links] of related) {
      const where = whereFor(slug, links, subject, found)
      if (!where) continue
      const docs = (await payload.find({ collection: slug as CollectionSlug, where, depth: 0, pagination: false, overrideAccess: true, showHiddenFields: options.full ?? false })).docs as unknown as Record<string, unknown>[]
      if (docs.length !== found.get(slug)!.length) changed = true
      found.set(slug, docs)
    }
  }
  return found
}

/** The subject for a customer account, or null when there is no such customer account. */
export async function subjectOf(payload: Payload, id: number): Promise<(Subject & { role: string; firstName?: string | null; lastName?: string | null; phone?: string | null }) | null> {
  const user = await payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true, disableErrors: true })
  if (!user) return null
  return { id: Number(user.id), email: user.email, emailConfirmed: Boolean(user.emailConfirmedAt), role: user.role ?? 'customer', firstName: user.firstName, lastName: user.lastName, phone: user.phone }
}
