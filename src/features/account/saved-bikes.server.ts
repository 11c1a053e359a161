// Saved bikes: a signed-in customer's list, a guest's list joined to it at sign-in, and the one email a
// price drop or a return to stock sends to each customer who asked for alerts. The email leaves through the
// durable jobs queue; each saved row is claimed for a change by one conditional update, so a change is emailed
// once however often the job runs.
import 'server-only'
import type { Payload } from 'payload'
import type { EmailSender } from '../../adapters/email/email-sender'
import { emailSender } from '../../adapters/email/email.server'
import { linkedId, signLink } from '../../cms/auth/signed-links'
import { env } from '../../config/env'
import { paths } from '../../config/paths'
import { MAX_SAVED_BIKES, mergeSavedSlugs, type SavedBikeChangeKind } from '../../domain/catalogue/saved-bikes'
import type { EmailBrand } from '../../domain/emails/email-brand'
import { emailBrand } from '../emails/email-brand.server'
import { renderEmail } from '../emails/render-email'
import { savedBikeAlertEmail } from './saved-bike-alert-email'
import { headlinePence } from './saved-bike-hooks'
import { claimAlert, releaseAlert } from './saved-bike-rows.server'
import { emailConfirmed } from '../../cms/auth/email-confirmation'

export interface SavedBike {
  readonly id: number
  readonly productId: number
  readonly slug: string
  readonly alerts: boolean
}

const onSaleWhere = (slugs: readonly string[]) => ({ slug: { in: [...slugs] }, status: { equals: 'active' } }) as const

/** The customer's saved bikes that are still on sale, oldest first. */
export async function savedBikesOf(payload: Payload, customerId: number): Promise<SavedBike[]> {
  const rows = await payload.find({ collection: 'saved-bikes', where: { customer: { equals: customerId } }, sort: 'createdAt', limit: MAX_SAVED_BIKES, depth: 0, overrideAccess: true })
  const productIdOf = (r: (typeof rows.docs)[number]) => (typeof r.product === 'object' && r.product ? r.product.id : r.product)
  const ids = rows.docs.map(productIdOf).filter((id): id is number => typeof id === 'number')
  if (ids.length === 0) return []
  const onSale = await payload.find({
    collection: 'products',
    where: { id: { in: ids }, status: { equals: 'active' } },
    depth: 0,
    limit: ids.length,
    pagination: false,
    overrideAccess: true,
    select: { slug: true },
  })
  const slugOf = new Map(onSale.docs.map((p) => [p.id, p.slug]))
  return rows.docs.flatMap((r) => {
    const productId = productIdOf(r)
    const slug = typeof productId === 'number' ? slugOf.get(productId) : undefined
    return slug && typeof productId === 'number' ? [{ id: r.id, productId, slug, alerts: Boolean(r.alerts) }] : []
  })
}

/** Saves the bikes (those on sale; ones already saved stay as they are), up to the cap. Answers the new list. */
export async function saveBikes(payload: Payload, customerId: number, slugs: readonly string[]): Promise<SavedBike[]> {
  const current = await savedBikesOf(payload, customerId)
  const wanted = mergeSavedSlugs(
    current.map((b) => b.slug),
    slugs,
  ).filter((s) => !current.some((b) => b.slug === s))
  if (wanted.length > 0) {
    const products = await payload.find({ collection: 'products', where: onSaleWhere(wanted), depth: 0, limit: wanted.length, pagination: false, overrideAccess: true, select: { slug: true } })
    for (const product of products.docs) {
      try {
        await payload.create({ collection: 'saved-bikes', data: { customer: customerId, product: product.id, alerts: false }, depth: 0, overrideAccess: true })
      } catch (error) {
        // The unique (customer, product) index refused a second row: the same save arrived twice at once.
        const exists = await payload.count({ collection: 'saved-bikes', where: { customer: { equals: customerId }, product: { equals: product.id } }, overrideAccess: true })
        if (exists.totalDocs === 0) throw error
      }
    }
  }
  return savedBikesOf(payload, customerId)
}

export async function removeSavedBikes(payload: Payload, customerId: number, slugs: readonly string[]): Promise<SavedBike[]> {
  const current = await savedBikesOf(payload, customerId)
  const ids = current.filter((b) => slugs.includes(b.slug)).map((b) => b.id)
  if (ids.length > 0) await payload.delete({ collection: 'saved-bikes', where: { id: { in: ids }, customer: { equals: customerId } }, overrideAccess: true })
  return savedBikesOf(payload, customerId)
}

/** Turns alerts on or off for the customer's saved bikes named (all of them when none are named). */
export async function setSavedBikeAlerts(payload: Payload, customerId: number, slugs: readonly string[] | null, alerts: boolean): Promise<SavedBike[]> {
  const current = await savedBikesOf(payload, customerId)
  const ids = current.filter((b) => slugs === null || slugs.includes(b.slug)).map((b) => b.id)
  if (ids.length > 0) await payload.update({ collection: 'saved-bikes', where: { id: { in: ids }, customer: { equals: customerId } }, data: { alerts }, depth: 0, overrideAccess: true })
  return savedBikesOf(payload, customerId)
}

/* ------------------------------------------------------------------------------------------------ */
/* Alerts                                                                                            */

export function unsubscribeToken(savedBikeId: number): Promise<string> {
  return signLink('saved-bike-unsubscribe', savedBikeId)
}

/** Turns off the alerts of the saved bike a link names; false when the link is not one of ours. */
export async function unsubscribeByToken(payload: Payload, token: string): Promise<boolean> {
  const id = await linkedId('saved-bike-unsubscribe', token)
  if (id === null) return false
  // A row already deleted has nothing left to unsubscribe: the link still answers "done".
  await payload.update({ collection: 'saved-bikes', where: { id: { equals: id } }, data: { alerts: false }, depth: 0, overrideAccess: true })
  return true
}

export interface AlertDeps {
  readonly email?: EmailSender
  readonly siteUrl?: string
  readonly now?: Date
}

/**
 * The job: one email to each customer watching the bike who has not yet been told about this change. Each row is
 * claimed first (a conditional update on its last alert key); a failed send gives the claim back and fails the
 * job, so the runner retries just the rows not yet told.
 */
export async function sendSavedBikeAlerts(payload: Payload, input: { productId: number; kind: SavedBikeChangeKind; key: string }, deps: AlertDeps = {}): Promise<number> {
  const product = await payload.findByID({ collection: 'products', id: input.productId, depth: 0, overrideAccess: true, disableErrors: true })
  if (!product || product.status !== 'active') return 0
  const siteUrl = deps.siteUrl ?? env().SITE_URL
  const sender = deps.email ?? emailSender()
  const price = headlinePence(product)
  // Read once a job, and only when someone is to be told.
  let brand: EmailBrand | undefined
  let sent = 0
  let afterId = 0
  for (;;) {
    const page = await payload.find({
      collection: 'saved-bikes',
      where: { product: { equals: input.productId }, alerts: { equals: true }, id: { greater_than: afterId } },
      sort: 'id',
      limit: 100,
      depth: 1,
      overrideAccess: true,
      populate: { users: { email: true, emailConfirmedAt: true } },
    })
    for (const row of page.docs) {
      afterId = row.id
      const customer = typeof row.customer === 'object' && row.customer ? row.customer : null
      // Only to an address its owner has confirmed: an account made with someone else's address gets nothing sent to it (ADR 038).
      const email = customer && emailConfirmed(customer) ? customer.email : null
      if (!email || row.lastAlertKey === input.key) continue
      if (!(await claimAlert(payload, row.id, input.key, deps.now ?? new Date()))) continue
      const productUrl = new URL(paths.product(product.slug), siteUrl).toString()
      const token = await unsubscribeToken(row.id)
      const unsubscribePage = new URL(paths.savedAlertsUnsubscribe(token), siteUrl).toString()
      const oneClick = new URL(paths.savedAlertsUnsubscribeApi(token), siteUrl).toString()
      try {
        brand ??= await emailBrand(payload, siteUrl)
        const mail = await renderEmail(savedBikeAlertEmail({ kind: input.kind, productName: product.name, pricePence: price, productUrl, unsubscribeUrl: unsubscribePage }, brand), brand)
        await sender.send({
          to: email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          tag: 'saved-bike-alert',
        })
        sent++
      } catch (error) {
        await releaseAlert(payload, row.id, input.key, row.lastAlertKey ?? null)
        throw error
      }
    }
    if (!page.hasNextPage) break
  }
  return sent
}
