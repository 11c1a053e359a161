'use client'
// The finance reducer (spec §3/§4) restored from browser storage on mount and written back on every change.
// The storage codec (zod) loads after the page, not with it; until it has, the state is not ready.
import { useCallback, useEffect, useReducer } from 'react'
import { STORE_STORAGE_KEY } from '../../../config/browser-storage'
import { financeReducer, INITIAL_FINANCE_STATE, type FinanceAction, type FinanceState } from '../../../domain/finance/finance-state'
import { EMPTY_CONTACT, type FinanceContact } from '../finance-contact'

type StorageCodec = typeof import('../finance-storage')
let codec: StorageCodec | null = null
const loadCodec = async (): Promise<StorageCodec> => (codec ??= await import('../finance-storage'))

interface Held {
  readonly finance: FinanceState
  readonly contact: FinanceContact
  /** False until browser storage has been read: the server render knows nothing of it. */
  readonly ready: boolean
}

type Action = FinanceAction | { readonly type: 'restored'; readonly finance: FinanceState; readonly contact: FinanceContact } | { readonly type: 'contactSet'; readonly contact: FinanceContact }

function reducer(held: Held, action: Action): Held {
  if (action.type === 'restored') return { finance: action.finance, contact: action.contact, ready: true }
  if (action.type === 'contactSet') return { ...held, contact: action.contact }
  const finance = financeReducer(held.finance, action)
  return finance === held.finance ? held : { ...held, finance }
}

function readStore(): string | null {
  try {
    return window.localStorage.getItem(STORE_STORAGE_KEY)
  } catch {
    return null
  }
}

export function useFinanceState() {
  const [held, dispatch] = useReducer(reducer, { finance: INITIAL_FINANCE_STATE, contact: EMPTY_CONTACT, ready: false })

  useEffect(() => {
    let cancelled = false
    void loadCodec().then(({ financeFromStore, contactFromStore }) => {
      if (cancelled) return
      const raw = readStore()
      dispatch({ type: 'restored', finance: financeFromStore(raw), contact: contactFromStore(raw) })
    })
    return () => {
      cancelled = true
    }
  }, [])

  useEffect(() => {
    // Ready means restored, and restoring loaded the codec.
    if (!held.ready || !codec) return
    try {
      window.localStorage.setItem(STORE_STORAGE_KEY, codec.storeWithFinance(readStore(), held.finance, held.contact))
    } catch {
      // Storage refused (private mode, full): the checkout still works for this page view.
    }
  }, [held])

  const setContact = useCallback((contact: FinanceContact) => dispatch({ type: 'contactSet', contact }), [])
  return { state: held.finance, dispatch: dispatch as (action: FinanceAction) => void, ready: held.ready, contact: held.contact, setContact }
}
