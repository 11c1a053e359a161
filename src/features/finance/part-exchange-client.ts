// The browser's side of "Value my bike": the call, and the valuation kept in this browser's storage so the finance
// steps can apply it to every quote, whichever page valued the bike (the value-my-bike page or the finance step). Only
// its id is sent back; the server reads the figures it issued. Kept in localStorage: the shop holds the figure for
// days, so a new tab or a visit next week still finds it. An expired one is kept too, so the customer is told it
// expired rather than finding it gone.
// Free of zod on purpose: the steps import it with their first-load JavaScript.
import type { IssuedValuation } from './part-exchange'
import { KEPT_VALUATION_KEY, valuationExpired } from '../../domain/part-exchange/valuation-hold'
import { valuePartExchange, type ValuePartExchangeRequest } from './api/value-part-exchange'

export type { IssuedValuation }

export interface KeptPartExchange {
  readonly valuation: IssuedValuation
  /** True when the customer chose to apply it to their quotes. */
  readonly applied: boolean
}

const KEY = KEPT_VALUATION_KEY

function isValuation(value: unknown): value is IssuedValuation {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return typeof v.valuationId === 'string' && typeof v.vrm === 'string' && typeof v.make === 'string' && typeof v.valuePence === 'number' && typeof v.lowPence === 'number' && typeof v.highPence === 'number' && typeof v.netPence === 'number' && typeof v.expiresAt === 'string'
}

/** True once the shop's hold on the kept valuation is over: a quote, an application or a reservation refuses it. */
export function keptExpired(kept: KeptPartExchange, now: Date = new Date()): boolean {
  return valuationExpired(kept.valuation.expiresAt, now)
}

function readKept(now: Date): KeptPartExchange | null {
  try {
    // a tab valued before the valuation moved to localStorage still has its copy in sessionStorage
    const raw = window.localStorage.getItem(KEY) ?? window.sessionStorage.getItem(KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as { valuation?: unknown; applied?: unknown }
    if (!isValuation(parsed.valuation)) return null
    // an expired valuation is never applied to a quote; it stays to be shown as expired
    return { valuation: parsed.valuation, applied: parsed.applied === true && !valuationExpired(parsed.valuation.expiresAt, now) }
  } catch {
    return null
  }
}

// One copy per tab, for useSyncExternalStore: read from storage once, then kept here and written through.
let current: KeptPartExchange | null | undefined
const listeners = new Set<() => void>()

export function subscribePartExchange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The kept valuation in this tab (the same object until it changes). */
export function partExchangeSnapshot(): KeptPartExchange | null {
  if (current === undefined) current = readKept(new Date())
  return current
}

/** The server render knows nothing of the browser's storage. */
export function serverPartExchangeSnapshot(): KeptPartExchange | null {
  return null
}

export function keepPartExchange(kept: KeptPartExchange | null): void {
  current = kept
  try {
    if (kept) window.localStorage.setItem(KEY, JSON.stringify(kept))
    else window.localStorage.removeItem(KEY)
    window.sessionStorage.removeItem(KEY)
  } catch {
    /* storage refused (private mode): the valuation lasts for this page only */
  }
  for (const listener of listeners) listener()
}

export type ValuationForm = ValuePartExchangeRequest

export type ValuationCall =
  | { readonly ok: true; readonly valuation: IssuedValuation }
  | { readonly ok: false; readonly message: string; readonly fields: Readonly<Record<string, string>> }

export async function requestValuation(form: ValuationForm): Promise<ValuationCall> {
  try {
    const answer = await valuePartExchange(form)
    if (answer.ok && isValuation(answer.body)) return { ok: true, valuation: answer.body }
    const refusal = (answer.ok ? null : answer.body) ?? {}
    const fields = refusal.fields && typeof refusal.fields === 'object' ? (refusal.fields as Record<string, string>) : {}
    return { ok: false, message: typeof refusal.message === 'string' ? refusal.message : 'We could not value your bike just now.', fields }
  } catch {
    return { ok: false, message: 'We could not reach our valuation service. Please check your connection and try again.', fields: {} }
  }
}
