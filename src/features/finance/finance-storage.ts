// The finance checkout's copy in browser storage (spec §4: the store under "root"): the finance state in `.finance`
// and the customer's name and address in `.financeContact`; other slices (the basket) are kept as they were.
import { z } from '../../lib/zod'
import { INITIAL_FINANCE_STATE, type FinanceState } from '../../domain/finance/finance-state'
import { restoreFinanceState, serialiseFinanceState } from '../../domain/finance/finance-state-storage'
import { EMPTY_CONTACT, type FinanceContact } from './finance-contact'
import { parseStoredRoot } from '../../config/browser-storage'

const contactSchema = z.object({
  firstName: z.string().max(80).catch(''),
  lastName: z.string().max(80).catch(''),
  address1: z.string().max(120).catch(''),
  address2: z.string().max(120).catch(''),
  city: z.string().max(80).catch(''),
  postcode: z.string().max(10).catch(''),
  shippingMethod: z.enum(['free', 'dealer_delivery']).catch('free'),
})

export function financeFromStore(raw: string | null): FinanceState {
  const stored = parseStoredRoot(raw).finance
  return stored === undefined ? INITIAL_FINANCE_STATE : restoreFinanceState(stored)
}

export function contactFromStore(raw: string | null): FinanceContact {
  const parsed = contactSchema.safeParse(parseStoredRoot(raw).financeContact ?? {})
  return parsed.success ? parsed.data : EMPTY_CONTACT
}

/** The store text with the finance slice (and optionally the contact) replaced; the basket and others untouched. */
export function storeWithFinance(raw: string | null, state: FinanceState, contact?: FinanceContact): string {
  const store = parseStoredRoot(raw)
  return JSON.stringify({ ...store, finance: JSON.parse(serialiseFinanceState(state)) as unknown, ...(contact ? { financeContact: contact } : {}) })
}

export function storeWithoutFinanceContact(raw: string | null): string {
  const { financeContact: _removed, ...rest } = parseStoredRoot(raw)
  return JSON.stringify(rest)
}
