// Deals: one per customer and bike, from the first step the customer takes to the handover. The shop opens one
// when a step starts (deal-rows.server.ts) and finds the steps themselves (the reservation, the finance
// application, the test rides, the valuation) from the customer and the bike, so a deal never disagrees with them.
// Staff own it in the admin: its stage (moved only as DEAL_TRANSITIONS allows; a lost deal needs a reason), its
// owner, the next action and when it is due, and notes. Every change is in its history.
import { APIError, type CollectionAfterChangeHook, type CollectionBeforeChangeHook, type CollectionConfig } from 'payload'
import { adminOnly } from '../../cms/access/admin-only'
import { staffOnly } from '../../cms/access/staff-only'
import { historyEntry, historyField, staffActor, type HistoryEntry } from '../../cms/fields/history'
import { penceField } from '../../cms/fields/pence'
import { BIKE_KINDS } from '../../domain/catalogue/product-kind'
import { checkStaffMove, DEAL_STAGES, DEAL_TRANSITIONS, dealKey, dealStageOptions, isDealStage, type DealStage } from '../../domain/deals/deal-stages'
import type { Deal } from '../../payload-types'
import { HANDOVER_OPTIONS } from './handover'
import { lockRowsForUpdate } from '../../cms/hooks/lock-rows-for-update'

const readOnly = { readOnly: true } as const
/** Who the deal is for and which bike: chosen when it opens, never changed (its key is made from them). */
const setOnce = { update: () => false }

/**
 * A deal staff open in the admin for a phone or showroom customer: keyed, titled and stamped as the shop's own are,
 * and refused when the customer already has a deal for the bike (staff open that one instead).
 */
const openStaffDeal: CollectionBeforeChangeHook<Deal> = async ({ data, operation, req }) => {
  if (operation !== 'create') return data
  if (!data.email || !data.product) throw new APIError('Give the customer’s email address and the bike.', 400, null, true)
  const productId = typeof data.product === 'object' ? data.product.id : data.product
  const product = await req.payload.findByID({ collection: 'products', id: productId, depth: 0, overrideAccess: true, disableErrors: true, req })
  if (!product) throw new APIError('Choose a bike from the catalogue.', 400, null, true)
  const email = data.email.trim().toLowerCase()
  const key = dealKey(email, productId)
  const existing = await req.payload.find({ collection: 'deals', where: { dealKey: { equals: key } }, limit: 1, depth: 0, overrideAccess: true, req })
  if (existing.docs[0]) throw new APIError(`${data.firstName ?? 'This customer'} already has a deal for the ${product.name}: open deal ${existing.docs[0].id} instead.`, 409, null, true)
  const now = new Date()
  const { by, actor } = staffActor(req)
  return {
    ...data,
    email,
    dealKey: key,
    productName: product.name,
    title: `${data.firstName} ${data.lastName}: ${product.name}`.slice(0, 300),
    status: 'new',
    source: 'staff',
    lastActivityAt: now.toISOString(),
    history: [historyEntry(now, actor, null, 'new', 'Deal opened by staff for a phone or showroom customer.', by)],
  }
}

/** Ticking “Email the quote” stamps it sent and unticks it; the email is queued after the save. */
const markQuoteSent: CollectionBeforeChangeHook<Deal> = ({ data, originalDoc, req }) => {
  if (!data.quote?.send) return data
  const now = new Date()
  const { by, actor } = staffActor(req)
  return { ...data, quote: { ...data.quote, send: false, sentAt: now.toISOString() }, history: [...(data.history ?? originalDoc?.history ?? []), historyEntry(now, actor, null, null, 'Quote emailed to the customer.', by)] }
}

/** A quote stamped sent by this save is emailed, once per sending. */
const queueQuoteEmail: CollectionAfterChangeHook<Deal> = async ({ doc, previousDoc, req }) => {
  const sent = doc.quote?.sentAt
  if (!sent || sent === previousDoc?.quote?.sentAt) return doc
  // Loaded when it runs: a server-only module, and the Payload config (loaded outside Next by its CLI) imports this hook.
  const { queueDealEmail } = await import('./deal-email.server')
  await queueDealEmail(req.payload, (await req.transactionID) ?? null, doc.id, `quote:${sent}`, new Date())
  return doc
}

/** What a staff edit changed, as history entries: the stage (checked against the declared moves), the owner, the next action. */
const recordStaffChange: CollectionBeforeChangeHook<Deal> = ({ data, originalDoc, operation, req, context }) => {
  if (operation !== 'update' || !originalDoc || context?.dealLifecycle) return data
  const { by, actor } = staffActor(req)
  const now = new Date()
  const entries: HistoryEntry[] = []
  const from = originalDoc.status as DealStage
  const to = (data.status ?? from) as DealStage
  if (!isDealStage(to)) throw new APIError('Choose one of the deal’s stages.', 400, null, true)
  if (to !== from) {
    const lostReason = data.lostReason ?? originalDoc.lostReason
    const check = checkStaffMove(from, to, { lostReason })
    if (!check.ok) throw new APIError(check.message, 400, null, true)
    const transition = DEAL_TRANSITIONS[check.transition]
    entries.push(historyEntry(now, actor, from, to, (transition.note as (f: { reason: string; note?: string }) => string)({ reason: String(lostReason ?? '').trim() }), by))
  }
  if (to !== 'lost' && from !== 'lost' && data.lostReason) data.lostReason = null
  const ownerOf = (v: unknown) => (v && typeof v === 'object' ? Number((v as { id: unknown }).id) : v == null ? null : Number(v))
  if ('owner' in data && ownerOf(data.owner) !== ownerOf(originalDoc.owner)) entries.push(historyEntry(now, actor, null, null, data.owner ? `Owner changed (user ${ownerOf(data.owner)}).` : 'Owner removed.', by))
  const due = data.nextActionDue ?? null
  if (('nextAction' in data && (data.nextAction ?? '') !== (originalDoc.nextAction ?? '')) || ('nextActionDue' in data && due !== (originalDoc.nextActionDue ?? null))) {
    entries.push(historyEntry(now, actor, null, null, `Next action: ${data.nextAction || 'none'}${due ? ` by ${new Date(due).toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''}.`, by))
  }
  if ('notes' in data && (data.notes ?? '') !== (originalDoc.notes ?? '')) entries.push(historyEntry(now, actor, null, null, 'Notes updated.', by))
  if (entries.length > 0) data.history = [...(originalDoc.history ?? []), ...entries]
  return data
}

/** A staff move into a stage the customer hears about queues its email, once per deal and stage. */
const queueStageEmail: CollectionAfterChangeHook<Deal> = async ({ doc, previousDoc, operation, req, context }) => {
  if (operation !== 'update' || context?.dealLifecycle || !previousDoc || doc.status === previousDoc.status) return doc
  if (!isDealStage(doc.status) || !DEAL_STAGES[doc.status].tellsCustomer) return doc
  // Loaded when it runs: a server-only module, and the Payload config (loaded outside Next by its CLI) imports this hook.
  const { queueDealStageEmail } = await import('./deal-email.server')
  await queueDealStageEmail(req.payload, (await req.transactionID) ?? null, doc.id, doc.status, new Date())
  return doc
}

export const Deals: CollectionConfig = {
  slug: 'deals',
  labels: { singular: 'Deal', plural: 'Deals' },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'status', 'owner', 'nextAction', 'nextActionDue', 'updatedAt'],
    group: 'Sales',
    listSearchableFields: ['title', 'email', 'lastName'],
    description: 'One deal per customer and bike, opened by the customer’s first step. The deal hub (Admin › Deal hub) lists them by stage, those past their next action first.',
  },
  // Customers see their own deal on its own page (signed in, or by its emailed link), never through the API. Staff open
  // one for a phone or showroom customer; the shop opens the rest from the customer's steps (deal-rows.server.ts).
  access: { read: staffOnly, create: staffOnly, update: staffOnly, delete: adminOnly },
  defaultSort: '-updatedAt',
  hooks: { beforeOperation: [lockRowsForUpdate('deals')], beforeChange: [openStaffDeal, recordStaffChange, markQuoteSent], afterChange: [queueStageEmail, queueQuoteEmail] },
  fields: [
    { name: 'dealPanel', type: 'ui', admin: { components: { Field: '/features/deals/admin/deal-panel#DealPanel' } } },
    { name: 'title', type: 'text', maxLength: 300, admin: { ...readOnly, description: 'The customer and the bike, filled in when the deal opens.' } },
    { name: 'status', label: 'Stage', type: 'select', required: true, defaultValue: 'new', index: true, options: dealStageOptions(), admin: { position: 'sidebar', description: 'Moves only as the deal’s stages allow; “Lost” needs a reason.' } },
    { name: 'lostReason', type: 'text', maxLength: 300, admin: { position: 'sidebar', condition: (data) => data?.status === 'lost', description: 'Why the customer did not buy.' } },
    { name: 'owner', type: 'relationship', relationTo: 'users', index: true, filterOptions: { role: { in: ['staff', 'admin'] } }, admin: { position: 'sidebar', description: 'Who looks after this deal.' } },
    { type: 'row', fields: [
      { name: 'nextAction', type: 'text', maxLength: 200, admin: { description: 'What happens next (call back, arrange the test ride…).' } },
      { name: 'nextActionDue', label: 'Due', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    ] },
    { name: 'notes', type: 'textarea', maxLength: 5000 },
    { type: 'row', fields: [
      { name: 'firstName', type: 'text', required: true, maxLength: 80, access: setOnce },
      { name: 'lastName', type: 'text', required: true, maxLength: 80, access: setOnce },
    ] },
    { type: 'row', fields: [
      { name: 'email', type: 'email', required: true, index: true, access: setOnce },
      { name: 'phone', type: 'text', maxLength: 30, access: setOnce },
    ] },
    { name: 'customer', type: 'relationship', relationTo: 'users', index: true, admin: { ...readOnly, description: 'The account, when the customer was signed in.' } },
    { type: 'row', fields: [
      { name: 'product', label: 'Bike', type: 'relationship', relationTo: 'products', required: true, index: true, access: setOnce, filterOptions: { kind: { in: [...BIKE_KINDS] } } },
      { name: 'variant', type: 'relationship', relationTo: 'variants', access: setOnce },
    ] },
    { name: 'productName', type: 'text', maxLength: 200, admin: { ...readOnly, description: 'Filled in from the bike.' } },
    { name: 'valuation', label: 'Part-exchange valuation', type: 'relationship', relationTo: 'part-exchange-valuations', admin: { description: 'The customer’s valuation, by registration (made on Value my bike, by them or by you on the phone with them); one quoted with their reservation or finance application counts too. Held 14 days; confirm it at inspection on the valuation itself.' } },
    { name: 'handover', type: 'select', options: [...HANDOVER_OPTIONS], admin: { description: 'How the customer chose to take the bike.' } },
    {
      name: 'enquiry',
      type: 'group',
      admin: { description: 'The customer’s question from the bike’s page.' },
      fields: [
        { name: 'message', type: 'textarea', maxLength: 2000, admin: readOnly },
        { name: 'askedAt', type: 'date', admin: readOnly },
      ],
    },
    {
      name: 'contact',
      type: 'group',
      label: 'Consent to be contacted',
      fields: [
        { name: 'consent', type: 'checkbox', defaultValue: false, admin: { ...readOnly, description: 'The customer agreed to hear from us about this bike.' } },
        { name: 'consentAt', type: 'date', admin: readOnly },
        { name: 'reminderSentAt', type: 'date', admin: { ...readOnly, description: 'The one reminder a customer who stopped may get.' } },
        { name: 'unsubscribedAt', type: 'date', admin: readOnly },
      ],
    },
    { name: 'source', type: 'text', maxLength: 40, admin: { ...readOnly, description: 'The step that opened the deal.' } },
    { name: 'lastActivityAt', type: 'date', index: true, admin: { ...readOnly, description: 'When the customer last took a step.' } },
    { name: 'lastStep', type: 'text', maxLength: 40, admin: { ...readOnly, description: 'The customer’s last step. A customer who stopped in the finance or basket checkout, and agreed to hear from us, gets one reminder a day later.' } },
    {
      name: 'quote',
      type: 'group',
      admin: { description: 'A quote for a phone or showroom customer: the bike above, these accessories, the part-exchange valuation above, and the delivery charge when they choose delivery. Tick “Email the quote” to send the customer their deal page, where they see the same figures and pay the deposit, or the whole by card through the checkout (prices and stock checked again then). With a part-exchange the balance is paid at the handover, once you have seen their bike; so is a delivery charge.' },
      fields: [
        { name: 'accessories', type: 'relationship', relationTo: 'products', hasMany: true, maxRows: 10, filterOptions: { and: [{ kind: { not_in: [...BIKE_KINDS] } }, { productType: { not_equals: 'variable' } }] }, admin: { description: 'Accessories without sizes or colours; the customer adds sized riderwear at the checkout.' } },
        penceField('deliveryPence', 'Delivery charge', { admin: { description: 'The dealer van’s charge you agreed (our bands: up to 25 miles £49, 50 miles £89, 100 miles £149). Counted once the customer chooses delivery, and paid at the handover.' } }, { rules: { maxPence: 100_000 } }),
        { name: 'send', label: 'Email the quote to the customer when I save', type: 'checkbox', defaultValue: false, admin: { description: 'Unticked again once sent.' } },
        { name: 'sentAt', type: 'date', admin: readOnly },
      ],
    },
    { name: 'dealKey', type: 'text', unique: true, index: true, maxLength: 400, admin: { hidden: true }, access: { read: () => false, update: () => false } },
    historyField('Everything that happened to the deal, newest last: the customer’s steps and staff changes.', 'Who made the change when not a signed-in user: the customer, the lender.'),
  ],
}
