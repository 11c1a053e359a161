// The finance checkout's copy in browser storage (spec §4: the store under "root"): the finance state in `.finance`,
// the customer's name and address in `.financeContact` and a reserved bike's link token in `.financeReservation`;
// other slices (the basket) are kept as they were.
import { INITIAL_FINANCE_STATE, type FinanceState } from './state/finance-state'
import { restoreFinanceState, serialiseFinanceState } from './state/finance-state-storage'
import { EMPTY_CONTACT, type FinanceContact } from './finance-contact'
import { parseStoredRoot } from '../../config/browser-storage'
import { looksLikeReservationToken, type FinanceReservation, type ReservationQuoteFigures } from './finance-reservation'
import { isCount, isObject, isText } from '../../lib/json-checks'

// Plain checks rather than zod, for the same reason as the finance state's (state/finance-state-storage.ts); the
// test keeps the zod schemas these replace as the reference.

/** The stored contact, each field falling back to empty on its own; null when it is not an object at all. */
function parseContact(value: unknown): FinanceContact | null {
  if (!isObject(value)) return null
  const text = (field: unknown, max: number) => (isText(field, max) ? field : '')
  return {
    firstName: text(value.firstName, 80),
    lastName: text(value.lastName, 80),
    address1: text(value.address1, 120),
    address2: text(value.address2, 120),
    city: text(value.city, 80),
    postcode: text(value.postcode, 10),
    shippingMethod: value.shippingMethod === 'dealer_delivery' ? 'dealer_delivery' : 'free',
  }
}

const isPence = (value: unknown): value is number => isCount(value) && value >= 0 && value <= 100_000_000

/** The server's deposit figures, or null when a field is wrong or they do not add up (then they were not the server's). */
function parseFigures(value: unknown): ReservationQuoteFigures | null {
  if (!isObject(value)) return null
  const { reservationNumber, depositPaidPence, depositPence, depositToPayPence } = value
  if (!isText(reservationNumber, 40) || !isPence(depositPaidPence) || !isPence(depositPence) || !isPence(depositToPayPence)) return null
  if (depositToPayPence !== depositPence - depositPaidPence) return null
  return { reservationNumber, depositPaidPence, depositPence, depositToPayPence }
}

function parseReservation(value: unknown): FinanceReservation | null {
  if (!isObject(value)) return null
  const { token, productId } = value
  if (typeof token !== 'string' || !looksLikeReservationToken(token) || !isCount(productId) || productId <= 0) return null
  return { token, productId, figures: parseFigures(value.figures) }
}

export function financeFromStore(raw: string | null): FinanceState {
  const stored = parseStoredRoot(raw).finance
  return stored === undefined ? INITIAL_FINANCE_STATE : restoreFinanceState(stored)
}

export function contactFromStore(raw: string | null): FinanceContact {
  return parseContact(parseStoredRoot(raw).financeContact ?? {}) ?? EMPTY_CONTACT
}

/** The stored reserved bike's token (and last figures), or null when there is none or it is not well formed. */
export function reservationFromStore(raw: string | null): FinanceReservation | null {
  return parseReservation(parseStoredRoot(raw).financeReservation)
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
