'use client'
// The finance reducer (spec §3/§4) restored from browser storage on mount and written back on every change, with
// the contact and a reserved bike's link token beside it. The storage codec (zod) loads after the page, not with
// it; until it has, the state is not ready.
import { useCallback, useEffect, useReducer } from 'react'
import { STORE_STORAGE_KEY } from '../../../config/browser-storage'
import { financeReducer, INITIAL_FINANCE_STATE, type FinanceAction, type FinanceState } from '../state/finance-state'
import { EMPTY_CONTACT, type FinanceContact } from '../finance-contact'
import type { FinanceReservation } from '../finance-reservation'

type StorageCodec = typeof import('../finance-storage')
let codec: StorageCodec | null = null
// After the page, not with it: zod stays out of the finance pages' first JavaScript (see the top).
const loadCodec = async (): Promise<StorageCodec> => (codec ??= await import('../finance-storage'))

export interface Held {
  readonly finance: FinanceState
  readonly contact: FinanceContact
  readonly reservation: FinanceReservation | null
  /** False until browser storage has been read: the server render knows nothing of it. */
  readonly ready: boolean
}

export type HeldAction =
  | FinanceAction
  | { readonly type: 'restored'; readonly finance: FinanceState; readonly contact: FinanceContact; readonly reservation: FinanceReservation | null }
  | { readonly type: 'contactSet'; readonly contact: FinanceContact }
  | { readonly type: 'reservationSet'; readonly reservation: FinanceReservation | null }

/** The held state's reducer (exported for its test): the finance reducer plus the contact and the reservation. */
export function heldReducer(held: Held, action: HeldAction): Held {
  if (action.type === 'restored') return { finance: action.finance, contact: action.contact, reservation: action.reservation, ready: true }
  if (action.type === 'contactSet') return { ...held, contact: action.contact }
  if (action.type === 'reservationSet') {
    // A reserved bike is financed on its own online (the server refuses accessories with a reservation).
    let finance = held.finance
    if (action.reservation) for (const a of Object.values(finance.accessories)) finance = financeReducer(finance, { type: 'accessoryRemoved', productId: a.product.productId })
    return { ...held, finance, reservation: action.reservation }
  }
  const finance = financeReducer(held.finance, action)
  // A fresh start, or another bike, leaves the reservation behind: it is for one bike only.
  const reservation = action.type === 'reset' || (action.type === 'productSet' && action.product.productId !== held.reservation?.productId) ? null : held.reservation
  return finance === held.finance && reservation === held.reservation ? held : { ...held, finance, reservation }
}

function readStore(): string | null {
  try {
    return window.localStorage.getItem(STORE_STORAGE_KEY)
  } catch {
    return null
  }
}

export function useFinanceState() {
  const [held, dispatch] = useReducer(heldReducer, { finance: INITIAL_FINANCE_STATE, contact: EMPTY_CONTACT, reservation: null, ready: false })

  useEffect(() => {
    let cancelled = false
    void loadCodec().then(({ financeFromStore, contactFromStore, reservationFromStore }) => {
      if (cancelled) return
      const raw = readStore()
      dispatch({ type: 'restored', finance: financeFromStore(raw), contact: contactFromStore(raw), reservation: reservationFromStore(raw) })
    })
    return () => {
      cancelled = true
    }
  }, [])

  useEffect(() => {
    // Ready means restored, and restoring loaded the codec.
    if (!held.ready || !codec) return
    try {
      window.localStorage.setItem(STORE_STORAGE_KEY, codec.storeWithFinance(readStore(), held.finance, held.contact, held.reservation))
    } catch {
      // Storage refused (private mode, full): the checkout still works for this page view.
    }
  }, [held])

  const setContact = useCallback((contact: FinanceContact) => dispatch({ type: 'contactSet', contact }), [])
  const setReservation = useCallback((reservation: FinanceReservation | null) => dispatch({ type: 'reservationSet', reservation }), [])
  return { state: held.finance, dispatch: dispatch as (action: FinanceAction) => void, ready: held.ready, contact: held.contact, setContact, reservation: held.reservation, setReservation }
}
