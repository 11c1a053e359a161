// The deals table's one owner. A customer's step joins the deal for them and the bike, opening it when there is
// none (one INSERT that a second, simultaneous step finds already made), and moves its stage as the declared
// transitions say, with its history entry, in one statement pair (features/records). Every other module reads
// and changes deals through Payload or through the functions here.
import 'server-only'
import type { Payload } from 'payload'
import { historyEntry } from '../../cms/fields/history'
import { execute, isPostgres, placeholders, readRows, withDatabaseLock, type Arg } from '../../cms/sql.server'
import { DEAL_STAGE_VALUES, DEAL_STAGES, DEAL_STEP_LABELS, DEAL_TRANSITIONS, dealKey, dealStepLabel, isDealStage, stepTransition, type DealStage, type DealStep } from '../../domain/deals/deal-stages'
import { keyedLock } from '../../lib/keyed-lock'
import { isUnfinishedStep, REMINDED_STAGES, reminderDue, reminderWindow, UNFINISHED_STEPS } from '../../domain/deals/deal-reminder'
import { queueJobStatement } from '../jobs/queue.server'
import { SEND_DEAL_EMAIL } from '../jobs/task-names'
import type { OwnerChange } from '../records/owner-change.server'
import { recordChange } from '../records/history.server'
import { change } from '../records/transition.server'

export interface DealStepInput {
  readonly step: DealStep
  /** What the step was, for the timeline ("reservation RS-7K3F9Q"): the same step recorded twice is recorded once. */
  readonly reference: string
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly phone?: string | null
  readonly customerId?: number | null
  readonly productId: number
  readonly variantId?: number | null
  readonly productName: string
  /** The customer agreed to be contacted about this bike (never withdrawn by a later step that did not ask). */
  readonly consent?: boolean
  readonly enquiry?: string | null
  readonly valuationId?: number | null
  readonly now?: Date
  /** Join only a deal already open (a card payment completes a deal; it does not start one). */
  readonly existingOnly?: boolean
}

export interface JoinedDeal {
  readonly dealId: number
  readonly created: boolean
  readonly stage: DealStage
}

// SQLite is served by one process: its steps for one deal wait here; PostgreSQL's wait on an advisory lock too.
const inProcess = keyedLock<string>()

const flag = (payload: Payload, value: boolean): Arg => (isPostgres(payload) ? String(value) : Number(value))

async function dealByKey(payload: Payload, key: string): Promise<{ id: number; stage: DealStage; lastStep: string | null } | null> {
  const rows = await readRows(payload, { sql: 'SELECT id, status, last_step FROM deals WHERE deal_key = ?', args: [key] })
  const row = rows[0]
  return row && isDealStage(row.status) ? { id: Number(row.id), stage: row.status, lastStep: row.last_step == null ? null : String(row.last_step) } : null
}

/**
 * Joins a customer's step to their deal for the bike, opening the deal when it is the first step. Ten identical
 * steps at once make one deal and one history entry: the opening INSERT gives way to the row already there, and the
 * steps for one deal take turns.
 */
export async function joinDeal(payload: Payload, input: DealStepInput & { readonly existingOnly: true }): Promise<JoinedDeal | null>
export async function joinDeal(payload: Payload, input: DealStepInput): Promise<JoinedDeal>
export async function joinDeal(payload: Payload, input: DealStepInput): Promise<JoinedDeal | null> {
  const key = dealKey(input.email, input.productId)
  if (input.existingOnly && (await dealByKey(payload, key)) === null) return null
  return inProcess(key, () => withDatabaseLock(payload, `deal:${key}`, () => joinLocked(payload, key, input)))
}

async function joinLocked(payload: Payload, key: string, input: DealStepInput): Promise<JoinedDeal> {
  const now = input.now ?? new Date()
  const before = await dealByKey(payload, key)
  const stamp = now.toISOString()
  const email = input.email.trim().toLowerCase()
  const opening: [string, Arg][] = [
    ['title', `${input.firstName} ${input.lastName}: ${input.productName}`.slice(0, 300)],
    ['status', 'new'],
    ['first_name', input.firstName.slice(0, 80)],
    ['last_name', input.lastName.slice(0, 80)],
    ['email', email],
    ['phone', input.phone?.slice(0, 30) ?? null],
    ['customer_id', input.customerId ?? null],
    ['product_id', input.productId],
    ['variant_id', input.variantId ?? null],
    ['product_name', input.productName.slice(0, 200)],
    ['source', input.step],
    ['last_step', input.step],
    ['contact_consent', flag(payload, false)],
    ['last_activity_at', stamp],
    ['deal_key', key],
    ['updated_at', stamp],
    ['created_at', stamp],
  ]
  const inserted = await execute(payload, null, {
    sql: `INSERT INTO deals (${opening.map(([c]) => `"${c}"`).join(', ')}) VALUES (${placeholders(opening.length)}) ON CONFLICT (deal_key) DO NOTHING RETURNING id`,
    args: opening.map(([, v]) => v),
  })
  const created = inserted.rows.length === 1
  // The customer hears of their deal once, with its link, from the runner's next pass: the step that opened it (a
  // reservation, a finance application) does not wait for an email to be drawn. A checkout left unfinished opens its
  // deal quietly (its one reminder carries the link); the first finished step after it sends the link instead. The
  // carrier keeps one message per deal whatever is queued twice (idempotencyKey).
  const firstFinished = !isUnfinishedStep(input.step) && (created || isUnfinishedStep(before?.lastStep ?? null))
  if (firstFinished) {
    const dealId = created ? Number(inserted.rows[0]!.id) : before!.id
    await execute(payload, null, queueJobStatement(payload, SEND_DEAL_EMAIL, { dealId, kind: 'opened' }, now, null))
  }
  const note = `${DEAL_STEP_LABELS[input.step]}: ${input.reference}`.slice(0, 500)
  for (let attempt = 0; attempt < 3; attempt++) {
    // The deal read before the INSERT, when it was already there; after a lost claim, read afresh.
    const deal = attempt === 0 && before ? before : await dealByKey(payload, key)
    if (!deal) throw new Error(`deal ${key} was neither opened nor found`)
    const seen = await readRows(payload, { sql: 'SELECT 1 AS seen FROM deals_history WHERE _parent_id = ? AND note = ?', args: [deal.id, note] })
    if (seen.length > 0) return { dealId: deal.id, created, stage: deal.stage }
    const set: [string, Arg][] = [['last_activity_at', stamp], ['last_step', input.step]]
    if (input.customerId) set.push(['customer_id', input.customerId])
    if (input.consent) set.push(['contact_consent', flag(payload, true)], ['contact_consent_at', stamp])
    if (input.enquiry) set.push(['enquiry_message', input.enquiry.slice(0, 2000)], ['enquiry_asked_at', stamp])
    if (input.valuationId) set.push(['valuation_id', input.valuationId])
    const name = stepTransition(deal.stage, input.step)
    const moved = name ? DEAL_TRANSITIONS[name] : null
    const owner: OwnerChange = moved ? { table: 'deals', id: deal.id, fromStatuses: [deal.stage], status: moved.to, set } : { table: 'deals', id: deal.id, set }
    const entry = historyEntry(now, moved?.by === 'provider' ? 'lender' : 'customer', moved ? deal.stage : null, moved?.to ?? null, note)
    const result = await recordChange(payload, null, change(payload, owner, {}, entry, now))
    if (result.ownerChanged) return { dealId: deal.id, created, stage: moved?.to ?? deal.stage }
    // Staff moved the deal between the read and the claim: read its stage again and decide afresh.
  }
  throw new Error(`deal ${key}: the stage kept changing under the customer's step`)
}

/** Deals the customer may open from their account: their own, by account or by the email they signed in with. */
export async function dealsOfCustomer(payload: Payload, customerId: number, email: string): Promise<{ id: number; title: string; stage: DealStage; productName: string; updatedAt: string }[]> {
  const rows = await readRows(payload, {
    sql: 'SELECT id, title, status, product_name, updated_at FROM deals WHERE customer_id = ? OR email = ? ORDER BY updated_at DESC LIMIT 50',
    args: [customerId, email.trim().toLowerCase()],
  })
  return rows.filter((r) => isDealStage(r.status)).map((r) => ({ id: Number(r.id), title: String(r.title), stage: r.status as DealStage, productName: String(r.product_name), updatedAt: String(r.updated_at) }))
}

/** Records the customer's choice of collection or delivery on their deal. */
export async function chooseHandover(payload: Payload, dealId: number, handover: 'collection' | 'delivery', now = new Date()): Promise<void> {
  const label = handover === 'collection' ? 'collect the bike from the shop' : 'have the bike delivered'
  await recordChange(payload, null, change(payload, { table: 'deals', id: dealId, set: [['handover', handover], ['last_activity_at', now.toISOString()]] }, {}, historyEntry(now, 'customer', null, null, `Chose to ${label}.`), now))
}

export interface HubDeal {
  readonly id: number
  readonly title: string
  readonly stage: DealStage
  readonly ownerEmail: string | null
  readonly nextAction: string | null
  readonly nextActionDue: string | null
  readonly lastActivityAt: string | null
  /** What the customer last did, in staff's words ("Started checking out"). */
  readonly lastStep: string | null
  /** The one reminder, when the customer stopped part-way and agreed to hear from us. */
  readonly remindedAt: string | null
  readonly createdAt: string
}

export const HUB_PAGE_SIZE = 50

const iso = (v: unknown): string | null => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString())

/**
 * One page of the deal hub: the deals of one stage, or every open one, those past their next action first (the
 * longest waiting first), then by due date, then newest; and how many deals each stage holds. Two statements,
 * whatever the number of deals.
 */
export async function hubDeals(payload: Payload, options: { readonly stages: readonly DealStage[]; readonly page: number; readonly now: Date }): Promise<{ deals: HubDeal[]; total: number; counts: Record<DealStage, number> }> {
  const now = options.now.toISOString()
  const offset = (Math.max(1, options.page) - 1) * HUB_PAGE_SIZE
  const open = DEAL_STAGE_VALUES.filter((s) => !DEAL_STAGES[s].final)
  const [rows, counts] = await Promise.all([
    readRows(payload, {
      sql: `SELECT d.id, d.title, d.status, u.email AS owner_email, d.next_action, d.next_action_due, d.last_activity_at, d.last_step, d.contact_reminder_sent_at, d.created_at, COUNT(*) OVER () AS total
        FROM deals d LEFT JOIN users u ON u.id = d.owner_id
        WHERE d.status IN (${placeholders(options.stages.length)})
        ORDER BY CASE WHEN d.next_action_due < ? AND d.status IN (${placeholders(open.length)}) THEN 0 ELSE 1 END, d.next_action_due ASC NULLS LAST, d.created_at DESC, d.id DESC
        LIMIT ${HUB_PAGE_SIZE} OFFSET ${offset}`,
      args: [...options.stages, now, ...open],
    }),
    readRows(payload, { sql: 'SELECT status, COUNT(*) AS n FROM deals GROUP BY status', args: [] }),
  ])
  const byStage = Object.fromEntries(DEAL_STAGE_VALUES.map((s) => [s, 0])) as Record<DealStage, number>
  for (const c of counts) if (isDealStage(c.status)) byStage[c.status] = Number(c.n)
  return {
    deals: rows.filter((r) => isDealStage(r.status)).map((r) => ({
      id: Number(r.id),
      title: String(r.title),
      stage: r.status as DealStage,
      ownerEmail: r.owner_email == null ? null : String(r.owner_email),
      nextAction: r.next_action == null ? null : String(r.next_action),
      nextActionDue: iso(r.next_action_due),
      lastActivityAt: iso(r.last_activity_at),
      lastStep: dealStepLabel(r.last_step),
      remindedAt: iso(r.contact_reminder_sent_at),
      createdAt: iso(r.created_at)!,
    })),
    total: Number(rows[0]?.total ?? 0),
    counts: byStage,
  }
}

/** The deal for a customer and bike, by its key (none until a step opened it). */
export async function dealIdByKey(payload: Payload, key: string): Promise<number | null> {
  return (await dealByKey(payload, key))?.id ?? null
}

/** Whose deal it is: the account it was opened from and the address it belongs to. */
export async function dealOwnership(payload: Payload, dealId: number): Promise<{ customerId: number | null; email: string } | null> {
  const rows = await readRows(payload, { sql: 'SELECT customer_id, email FROM deals WHERE id = ?', args: [dealId] })
  const row = rows[0]
  return row ? { customerId: row.customer_id == null ? null : Number(row.customer_id), email: String(row.email) } : null
}

/**
 * Claims the reminder of every deal due one (domain/deals/deal-reminder.ts) and queues its email in the same unit
 * of work: the claim writes the sent date only while it is empty, so a sweep run twice, or on two instances, queues
 * one email per deal. Answers how many it queued.
 */
export async function queueDueReminders(payload: Payload, now: Date): Promise<number> {
  const window = reminderWindow(now)
  const rows = await readRows(payload, {
    sql: `SELECT id, status, last_activity_at, last_step FROM deals WHERE contact_consent = ? AND contact_reminder_sent_at IS NULL AND contact_unsubscribed_at IS NULL
      AND status IN (${placeholders(REMINDED_STAGES.length)}) AND last_step IN (${placeholders(UNFINISHED_STEPS.length)}) AND last_activity_at >= ? AND last_activity_at <= ? ORDER BY last_activity_at LIMIT 200`,
    args: [flag(payload, true), ...REMINDED_STAGES, ...UNFINISHED_STEPS, window.from, window.to],
  })
  let queued = 0
  for (const row of rows) {
    if (!isDealStage(row.status) || !reminderDue({ stage: row.status, consent: true, reminderSentAt: null, unsubscribedAt: null, lastActivityAt: iso(row.last_activity_at), lastStep: row.last_step == null ? null : String(row.last_step) }, now)) continue
    const dealId = Number(row.id)
    const owner: OwnerChange = { table: 'deals', id: dealId, stillNull: 'contact_reminder_sent_at', set: [['contact_reminder_sent_at', now.toISOString()]] }
    const result = await recordChange(payload, null, change(payload, owner, {}, historyEntry(now, 'shop', null, null, 'Reminder sent: the customer stopped part-way.'), now, (when) => [queueJobStatement(payload, SEND_DEAL_EMAIL, { dealId, kind: 'reminder' }, now, when)]))
    if (result.ownerChanged) queued += 1
  }
  return queued
}

/** The customer's one click from a reminder: no more emails about this deal, and their consent withdrawn. */
export async function unsubscribeDeal(payload: Payload, dealId: number, now = new Date()): Promise<boolean> {
  const exists = await readRows(payload, { sql: 'SELECT contact_unsubscribed_at FROM deals WHERE id = ?', args: [dealId] })
  if (!exists[0]) return false
  if (exists[0].contact_unsubscribed_at != null) return true
  await recordChange(payload, null, change(payload, { table: 'deals', id: dealId, set: [['contact_unsubscribed_at', now.toISOString()], ['contact_consent', flag(payload, false)]] }, {}, historyEntry(now, 'customer', null, null, 'Asked us to stop emailing about this bike.'), now))
  return true
}

/** Whether the customer may still be sent the reminder (asked at sending: they may have stopped it since). */
export async function mayRemind(payload: Payload, dealId: number): Promise<boolean> {
  const rows = await readRows(payload, { sql: 'SELECT contact_consent, contact_unsubscribed_at FROM deals WHERE id = ?', args: [dealId] })
  const row = rows[0]
  return Boolean(row) && (row!.contact_consent === true || Number(row!.contact_consent) === 1) && row!.contact_unsubscribed_at == null
}
