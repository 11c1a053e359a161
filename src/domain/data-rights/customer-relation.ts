// Which collections hold something about a customer, read from the collections' own field declarations, so a
// collection added later is found without anyone remembering to list it. A collection relates to a customer when
// any field, at any depth (groups, arrays, tabs, rows, blocks), is:
// - a relationship or upload to the account collection ('account'),
// - an email field, or a field whose name says it holds an email address ('email'),
// - a field whose name says it holds a person's details: customer, buyer, payer, phone, postcode, names, birth
//   date ('personal'),
// - a relationship to a collection that relates to a customer ('record'): a refund of an order, a valuation of a
//   reservation. Followed to a fixed point, so a chain of any length is found.
// Pure: the shapes below are the part of Payload's field config this reads.

export interface FieldShape {
  readonly name?: string
  readonly type: string
  readonly relationTo?: string | readonly string[]
  readonly fields?: readonly FieldShape[]
  readonly tabs?: readonly { readonly name?: string; readonly fields: readonly FieldShape[] }[]
  readonly blocks?: readonly { readonly fields: readonly FieldShape[] }[]
}

export interface CollectionShape {
  readonly slug: string
  readonly fields: readonly FieldShape[]
}

export type LinkKind = 'account' | 'email' | 'personal' | 'record'

export interface CustomerLink {
  /** The field's path in a document, dot-separated through groups and arrays ("delivery.shippingAddress.postcode"). */
  readonly path: string
  readonly kind: LinkKind
  /** For 'account' and 'record': the collections it points at. */
  readonly relationTo?: readonly string[]
  /** A relationship declared with a list of collections (Payload stores and queries it as { relationTo, value }). */
  readonly polymorphic?: boolean
}

const EMAIL_NAME = /e-?mail/i
const TEXT_TYPES = new Set(['text', 'textarea', 'json'])
const PERSONAL_NAME = /customer|buyer|payer|phone|mobile|telephone|postcode|post_code|zip|first_?name|last_?name|sur_?name|full_?name|birth|licen[cs]e_?holder/i

/** Every leaf field with its dot path; groups, tabs with names and arrays add a segment, rows and collapsibles none. */
export function leafFields(fields: readonly FieldShape[], prefix = ''): { readonly path: string; readonly field: FieldShape }[] {
  const out: { path: string; field: FieldShape }[] = []
  for (const field of fields) {
    const path = field.name ? `${prefix}${field.name}` : prefix.replace(/\.$/, '')
    const inner = field.name ? `${path}.` : prefix
    if (field.tabs) for (const tab of field.tabs) out.push(...leafFields(tab.fields, tab.name ? `${prefix}${tab.name}.` : prefix))
    else if (field.blocks) for (const block of field.blocks) out.push(...leafFields(block.fields, inner))
    else if (field.fields) out.push(...leafFields(field.fields, inner))
    else if (field.name) out.push({ path, field })
  }
  return out
}

const targets = (field: FieldShape): readonly string[] => (field.relationTo === undefined ? [] : typeof field.relationTo === 'string' ? [field.relationTo] : field.relationTo)
const isRelation = (field: FieldShape) => field.type === 'relationship' || field.type === 'upload' || field.type === 'join'

/** The fields of one collection that tie it to a customer, given the collections already known to. */
export function customerLinks(collection: CollectionShape, accountSlug: string, related: ReadonlySet<string>): CustomerLink[] {
  const links: CustomerLink[] = []
  for (const { path, field } of leafFields(collection.fields)) {
    const to = targets(field)
    // A join is the other side of a relationship declared elsewhere: the collection holding it is found by that one.
    if (field.type === 'join') continue
    const polymorphic = Array.isArray(field.relationTo)
    if (isRelation(field) && to.includes(accountSlug)) links.push({ path, kind: 'account', relationTo: to, polymorphic })
    else if (isRelation(field) && to.some((slug) => related.has(slug) && slug !== collection.slug)) links.push({ path, kind: 'record', relationTo: to.filter((slug) => related.has(slug)), polymorphic })
    else if (field.type === 'email' || (TEXT_TYPES.has(field.type) && EMAIL_NAME.test(lastSegment(path)))) links.push({ path, kind: 'email' })
    else if (PERSONAL_NAME.test(lastSegment(path))) links.push({ path, kind: 'personal' })
  }
  return links
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf('.') + 1)

/**
 * Every collection that relates to a customer, with the links that make it so. The account collection itself is
 * always in (it is the customer). Relationships are followed until nothing new is found.
 */
export function customerCollections(collections: readonly CollectionShape[], accountSlug: string): Map<string, CustomerLink[]> {
  const found = new Map<string, CustomerLink[]>()
  for (let changed = true; changed; ) {
    changed = false
    const related = new Set([accountSlug, ...found.keys()])
    for (const collection of collections) {
      const links = customerLinks(collection, accountSlug, related)
      const known = found.get(collection.slug)
      if ((links.length > 0 || collection.slug === accountSlug) && (!known || known.length !== links.length)) {
        found.set(collection.slug, links)
        changed = true
      }
    }
  }
  return found
}
