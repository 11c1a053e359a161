// Taking stock (the stock ledger, ADR 007): every item of a ref comes off its shelf (or a coupon's use is counted)
// with its ledger row, all or nothing, in one unit of work with the owner's change; and, when a SQLite batch
// refused the take, which item or guard refused it. The ledger's rows and the caps on what one network holds are
// spelt in stock-ledger.server.ts, the shelf's columns in catalogue-rows.
import 'server-only'
import type { Payload } from 'payload'
import { hasOnHand, onHand, takeIfOnHand, takeOnHand } from '../catalogue-rows/catalogue-rows'
import { Abort, isPostgres, pgUnit, readRows, sqliteBatch, type Stmt, type TransactionId } from '../../cms/sql.server'
import { ALWAYS, recordSqlite, target, units, writeRecordPg, type HoldState, type LedgerItem, type OwnerStatements, type TakeResult, type TakingNetwork } from './ledger-contract'
import { insertHold, withinNetworkCaps } from './stock-ledger.server'

/**
 * Takes every item under `ref` (stock down, coupon uses up, ledger rows in `state`), all or nothing, and
 * changes the owner in the same unit of work. Nothing changes when any item is short or the owner may no
 * longer be changed (its `changeable` guard).
 */
export async function takeStock(payload: Payload, transactionID: TransactionId, ref: string, items: readonly LedgerItem[], options: { state?: HoldState; owner?: OwnerStatements; now?: Date; network?: TakingNetwork } = {}): Promise<TakeResult> {
  if (options.owner?.record && items.length === 0) throw new Error('stock ledger: a take with a record needs items')
  const state = options.state ?? 'held'
  const now = (options.now ?? new Date()).toISOString()
  const owner = options.owner
  const network = options.network

  if (isPostgres(payload)) {
    return pgUnit<TakeResult>(payload, transactionID, async (exec) => {
      // One network's takes one at a time (until this unit of work ends), so N at once cannot all pass the caps.
      if (network) await exec({ sql: 'SELECT pg_advisory_xact_lock(hashtext(?))', args: [`stock-holds:${network.key}`] })
      if (owner) {
        if ((await exec(owner.update)).rowCount !== 1) return new Abort<TakeResult>({ ok: false, shortItem: null, reason: 'owner_changed' })
      }
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!
        const n = units(item)
        const t = target(item)
        const caps = withinNetworkCaps(ref, item, n, network)
        const [within] = (await exec({ sql: `SELECT (${caps.sql}) AS ok`, args: caps.args })).rows
        if (!within?.ok) return new Abort<TakeResult>({ ok: false, shortItem: i, reason: 'network_cap' })
        const take: Stmt =
          t.table === 'coupons'
            ? { sql: 'UPDATE coupons SET used_count = used_count + 1 WHERE id = ? AND (usage_limit IS NULL OR used_count < usage_limit)', args: [t.id] }
            : takeIfOnHand(t.table, t.id, n)
        if ((await exec(take)).rowCount !== 1) return new Abort<TakeResult>({ ok: false, shortItem: i, reason: 'short' })
        await exec(insertHold(ref, item, state, now, '?', [n], network))
      }
      return { ok: true, followUps: owner ? await writeRecordPg(exec, owner) : [] }
    })
  }

  const guard = owner?.changeable ?? ALWAYS
  const stmts: Stmt[] = []
  for (const item of items) {
    const n = units(item)
    const t = target(item)
    const enough: Stmt =
      t.table === 'coupons'
        ? { sql: '(SELECT usage_limit IS NULL OR used_count < usage_limit FROM coupons WHERE id = ?)', args: [t.id] }
        : hasOnHand(t.table, t.id, n)
    const caps = withinNetworkCaps(ref, item, n, network)
    stmts.push(insertHold(ref, item, state, now, `CASE WHEN ${enough.sql} AND ${guard.sql} AND ${caps.sql} THEN ? END`, [...enough.args, ...guard.args, ...caps.args, n], network))
    stmts.push(
      t.table === 'coupons'
        ? { sql: 'UPDATE coupons SET used_count = used_count + 1 WHERE id = ?', args: [t.id] }
        : takeOnHand(t.table, t.id, n),
    )
  }
  const ownerAt = stmts.length
  const record = recordSqlite(owner)
  if (owner) stmts.push(owner.update, ...record.stmts, ...record.then)
  try {
    const results = await sqliteBatch(payload, stmts)
    if (owner && results[ownerAt]!.rowsAffected !== 1) {
      // Only possible with no items (nothing guarded the owner): nothing was taken.
      return { ok: false, shortItem: null, reason: 'owner_changed' }
    }
    return { ok: true, followUps: owner ? results.slice(ownerAt + 1 + record.stmts.length).map((r) => r.rows) : [] }
  } catch (error) {
    if (!/NOT NULL constraint failed: stock_holds\.count/i.test(String((error as Error)?.message ?? error))) throw error
    const changeable = await ownerStillChangeable(payload, owner)
    if (!changeable) return { ok: false, shortItem: null, reason: 'owner_changed' }
    const overCap = await firstItemOverNetworkCaps(payload, ref, items, network)
    if (overCap != null) return { ok: false, shortItem: overCap, reason: 'network_cap' }
    return { ok: false, shortItem: await firstShortItem(payload, items), reason: 'short' }
  }
}

/** After a refused SQLite batch (nothing written): the first item the network's caps refuse, counting the items before it. */
async function firstItemOverNetworkCaps(payload: Payload, ref: string, items: readonly LedgerItem[], network: TakingNetwork | undefined): Promise<number | null> {
  if (!network) return null
  const earlier = new Map<number, number>()
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!
    if (item.couponId != null || item.productId == null) continue
    const n = units(item)
    const before = earlier.get(item.productId) ?? 0
    const caps = withinNetworkCaps(ref, item, before + n, network)
    const [row] = await readRows(payload, { sql: `SELECT (${caps.sql}) AS ok`, args: caps.args })
    if (!row || !Number(row.ok)) return i
    earlier.set(item.productId, before + n)
  }
  return null
}

async function ownerStillChangeable(payload: Payload, owner: OwnerStatements | undefined): Promise<boolean> {
  const guard = owner?.changeable
  if (!guard) return true
  const [row] = await readRows(payload, { sql: `SELECT ${guard.sql} AS ok`, args: guard.args })
  return Boolean(Number(row?.ok))
}

async function firstShortItem(payload: Payload, items: readonly LedgerItem[]): Promise<number | null> {
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!
    const t = target(item)
    const [row] =
      t.table === 'coupons'
        ? await readRows(payload, { sql: 'SELECT (usage_limit IS NULL OR used_count < usage_limit) AS ok FROM coupons WHERE id = ?', args: [t.id] })
        : await readRows(payload, { sql: `SELECT (${onHand()} >= ?) AS ok FROM ${t.table} WHERE id = ?`, args: [units(item), t.id] })
    if (!row || !Number(row.ok)) return i
  }
  return null
}
