// The finance checkout's copy in browser storage (spec §4: the store under "root"): the finance state in `.finance`,
// the customer's name and address in `.financeContact` and a reserved bike's link token in `.financeReservation`;
// other slices (the basket) are kept as they were.
import { z } from '../../lib/zod'
import { INITIAL_FINANCE_STATE, type FinanceState } from './state/finance-state'
import { restoreFinanceState, serialiseFinanceState } from './state/finance-state-storage'
import { EMPTY_CONTACT, type FinanceContact } from './finance-contact'
import { parseStoredRoot } from '../../config/browser-storage'
import { looksLikeReservationToken, type FinanceReservation } from './finance-reservation'

const contactSchema = z.object({
  firstName: z.string().max(80).catch(''),
  lastName: z.string().max(80).catch(''),
  address1: z.string().max(120).catch(''),
  address2: z.string().max(120).catch(''),
  city: z.string().max(80).catch(''),
  postcode: z.string().max(10).catch(''),
  shippingMethod: z.enum(['free', 'dealer_delivery']).catch('free'),
})

const pence = z.number().int().nonnegative().max(100_000_000)
const figuresSchema = z
  .object({ reservationNumber: z.string().max(40), depositPaidPence: pence, depositPence: pence, depositToPayPence: pence })
  // Figures that do not add up were not the server's: dropped, so the next quote answer sets them again.
  .refine((f) => f.depositToPayPence === f.depositPence - f.depositPaidPence)

const reservationSchema = z.object({
  token: z.string().refine(looksLikeReservationToken),
  productId: z.number().int().positive(),
  figures: figuresSchema.nullable().catch(null),
})

export function financeFromStore(raw: string | null): FinanceState {
  const stored = parseStoredRoot(raw).finance
  return stored === undefined ? INITIAL_FINANCE_STATE : restoreFinanceState(stored)
}

export function contactFromStore(raw: string | null): FinanceContact {
  const parsed = contactSchema.safeParse(parseStoredRoot(raw).financeContact ?? {})
  return parsed.success ? parsed.data : EMPTY_CONTACT
}

/** The stored reserved bike's token (and last figures), or null when there is none or it is not well formed. */
export function reservationFromStore(raw: string | null): FinanceReservation | null {
  const parsed = reservationSchema.safeParse(parseStoredRoot(raw).financeReservation)
  return parsed.success ? parsed.data : null
}

/**
 * The store text with the finance slice (and optionally the contact and the reservation) replaced; the basket and
 * others untouched. A reservation of null removes it; undefined leaves what is stored.
 */
export function storeWithFinance(raw: string | null, state: FinanceState, contact?: FinanceContact, reservation?: FinanceReservation | null): string {
  const { financeReservation: stored, ...store } = parseStoredRoot(raw)
  const kept = reservation === undefined ? stored : (reservation ?? undefined)
  return JSON.stringify({
    ...store,
    finance: JSON.parse(serialiseFinanceState(state)) as unknown,
    ...(contact ? { financeContact: contact } : {}),
    ...(kept !== undefined ? { financeReservation: kept } : {}),
  })
}

export function storeWithoutFinanceContact(raw: string | null): string {
  const { financeContact: _removed, ...rest } = parseStoredRoot(raw)
  return JSON.stringify(rest)
}
