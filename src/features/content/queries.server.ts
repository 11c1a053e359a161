// Content reads (pages, posts) and the redirect lookup for paths no route answers.
import 'server-only'
import type { Page, Post, Redirect } from '../../payload-types'
import { payloadClient } from '../../cms/payload-client.server'
import { paths } from '../../config/paths'
import type { TraderDetails } from '../../domain/returns/model-cancellation-form'
import { siteSettings } from '../catalogue/queries.server'

const mediaFields = { filename: true, url: true, alt: true, width: true, height: true, sizes: true } as const

async function bySlug<C extends 'pages' | 'posts'>(collection: C, slug: string) {
  const payload = await payloadClient()
  const result = await payload.find({
    collection,
    where: { slug: { equals: slug } },
    limit: 1,
    depth: 2,
    populate: { media: mediaFields },
    overrideAccess: false,
  })
  return result.docs[0] ?? null
}

export const pageBySlug = (slug: string): Promise<Page | null> => bySlug('pages', slug) as Promise<Page | null>
export const postBySlug = (slug: string): Promise<Post | null> => bySlug('posts', slug) as Promise<Post | null>

export async function postList(page: number, limit = 12) {
  const payload = await payloadClient()
  return payload.find({
    collection: 'posts',
    sort: '-publishedAt',
    page,
    limit,
    depth: 1,
    select: { title: true, slug: true, excerpt: true, publishedAt: true, heroImage: true, authorName: true },
    populate: { media: mediaFields },
    overrideAccess: false,
  })
}

export interface RedirectTarget {
  location: string
  permanent: boolean
}

/** Normalises a request path the way redirects are stored: lower case, no trailing slash, no query. */
export function normaliseRedirectPath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/'
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare
  return (trimmed || '/').toLowerCase()
}

/** The redirect stored in the CMS for this path, resolved to a URL, or null. */
export async function redirectFor(path: string): Promise<RedirectTarget | null> {
  const payload = await payloadClient()
  const from = normaliseRedirectPath(path)
  const result = await payload.find({
    collection: 'redirects',
    where: { or: [{ from: { equals: from } }, { from: { equals: `${from}/` } }] },
    limit: 1,
    depth: 1,
    overrideAccess: true, // redirects are staff-only to read through the API; the storefront must follow them
  })
  const redirect: Redirect | undefined = result.docs[0]
  if (!redirect) return null
  const location = resolveTarget(redirect)
  if (!location || normaliseRedirectPath(location) === from) return null
  return { location, permanent: redirect.type === '301' || redirect.type === '308' }
}

function resolveTarget(redirect: Redirect): string | null {
  const to = redirect.to
  if (!to) return null
  if (to.type === 'custom') return to.url ?? null
  const ref = to.reference
  if (!ref || typeof ref.value !== 'object' || !ref.value) return null
  const slug = (ref.value as { slug?: string }).slug
  if (!slug) return null
  switch (ref.relationTo) {
    case 'products':
      return paths.product(slug)
    case 'pages':
      return paths.page(slug)
    case 'posts':
      return paths.post(slug)
    default:
      return null
  }
}

/** The slug of the page that carries the model cancellation form (CCR 2013 Sch. 3 Part B), linked from checkout. */
export const RETURNS_PAGE_SLUG = 'returns'
/** The CMS page that explains finance: whatever staff write on it, it states the dealer's broker status and commission and links to "Value my bike". */
export const FINANCE_PAGE_SLUG = 'finance'

/** The dealer as the model cancellation form names it: name, geographical address and email from the site settings. */
export async function cancellationTrader(): Promise<TraderDetails> {
  const s = await siteSettings()
  const a = s.address
  return {
    name: s.dealerName,
    addressLines: [a?.line1, a?.line2, a?.town, a?.county, a?.postcode].filter((part): part is string => typeof part === 'string' && part.trim() !== ''),
    email: s.email ?? null,
  }
}
