// Money a record cannot keep goes back through the provider that took it, and the record's history says so (or
// says why not, for staff). Also the closing of a record's open payments before it ends unpaid.
import 'server-only'
import type { Payload } from 'payload'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import { historyEntry } from '../../cms/fields/history'
import { paymentProvider, providerNamed } from '../payments/providers.server'
import type { PaymentNotice } from './payment-notice.server'
import { appendHistory, type LifecycleDeps, type LifecycleRecord, type RecordWrite } from './transition.server'

/** The provider a record's payment went through (the one given in `deps`, else the one named on the record). */
export function providerFor(payload: Payload, deps: LifecycleDeps, name: string | null | undefined): PaymentProvider | null {
  return deps.provider ?? providerNamed(payload, name)
}

/** Refunds money through its provider; answers the refund's id, or the reason it was not made (never throws). */
export async function refund(payload: Payload, deps: LifecycleDeps, money: { provider: string | null | undefined; reference: string; amountPence: number; key: string }, fallback = false): Promise<{ ok: true; id: string; provider: string } | { ok: false; message: string; error: unknown }> {
  try {
    const provider = providerFor(payload, deps, money.provider) ?? (fallback ? paymentProvider(payload) : null)
    if (!provider) throw new Error(`no payment provider named ${money.provider}`)
    const made = await provider.refund(money.reference, money.amountPence, money.key)
    return { ok: true, id: made.id, provider: provider.name }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error), error }
  }
}

/**
 * Money sent back through its provider, with the record's history saying so, or saying why not so that staff can
 * send it back by hand (a refusal is logged as an error too). Never throws; answers what `refund` answered.
 */
export async function refundAndNote(payload: Payload, deps: LifecycleDeps, record: Pick<LifecycleRecord, 'table' | 'id'> & { readonly status: string; readonly number: string }, money: Parameters<typeof refund>[2], said: { readonly actor: string; readonly fallback?: boolean; readonly note: (outcome: { id: string; provider: string } | { error: string }) => { note: string; data?: RecordWrite } }, now: Date): ReturnType<typeof refund> {
  const made = await refund(payload, deps, money, said.fallback)
  if (!made.ok) payload.logger.error({ err: made.error, [record.table]: record.number, reference: money.reference }, 'automatic refund failed: staff must refund it, or the background pass retries it')
  const { note, data } = said.note(made.ok ? made : { error: made.message })
  await appendHistory(payload, record, data ?? {}, historyEntry(now, said.actor, record.status, record.status, note), now).catch((error) => payload.logger.error({ err: error, [record.table]: record.number }, 'could not record a refund in the history'))
  return made
}


/**
 * Before an unpaid record ends, its open payments are closed at the provider: a payment that did succeed is
 * applied (`paid`) instead, and one still processing leaves the record as it is for now.
 */
export async function settleOpenPayments(provider: PaymentProvider, record: { orderNumber: string; reference?: string | null }, paid: (notice: PaymentNotice) => Promise<unknown>): Promise<'paid' | 'processing' | 'closed'> {
  const settled = await provider.closeOpenPayments({ orderNumber: record.orderNumber, reference: record.reference })
  if (settled.status === 'succeeded') await paid({ orderNumber: record.orderNumber, reference: settled.reference, amountPence: settled.amountPence, provider: provider.name })
  return settled.status === 'succeeded' ? 'paid' : settled.status === 'processing' ? 'processing' : 'closed'
}

