// The contact and address as typed: the account's prefill first, then the details typed before (a reload, going
// back to the basket) from the browser store, and every change kept there again.
import { useEffect, useRef, useState } from 'react'
import { STORE_STORAGE_KEY } from '../../../config/browser-storage'
import type { CheckoutPrefill, TextFieldName, Values } from './checkout-fields'

type DetailsStorage = typeof import('../checkout-details-storage')
const loadDetailsStorage = (): Promise<DetailsStorage> => import('../checkout-details-storage')

function readStore(): string | null {
  try {
    return window.localStorage.getItem(STORE_STORAGE_KEY)
  } catch {
    return null
  }
}

/** Keeps what was typed in the browser store (never before the saved copy was read, or it would be overwritten). */
function saveDetails(storage: DetailsStorage | null, values: Values) {
  if (!storage) return
  try {
    window.localStorage.setItem(STORE_STORAGE_KEY, storage.storeWithCheckoutDetails(readStore(), values))
  } catch {
    // Storage refused (private mode): the form works, it just is not remembered.
  }
}

/** The fields' values, and `change`, which sets one field, keeps the details and answers the values it made. */
export function useCheckoutDetails(prefill: CheckoutPrefill): { values: Values; change: (name: TextFieldName, value: string) => Values } {
  const [initialValues] = useState<Values>(() => ({
    'contact.firstName': prefill.firstName ?? '',
    'contact.lastName': prefill.lastName ?? '',
    'contact.email': prefill.email ?? '',
    'contact.phone': prefill.phone ?? '',
    'address.line1': prefill.line1 ?? '',
    'address.line2': prefill.line2 ?? '',
    'address.town': prefill.town ?? '',
    'address.county': prefill.county ?? '',
    'address.postcode': prefill.postcode ?? '',
  }))
  const [values, setValues] = useState<Values>(initialValues)
  // The details typed before come back from the browser store; what was typed wins over the account's prefill,
  // being newer.
  const detailsStore = useRef<DetailsStorage | null>(null)
  useEffect(() => {
    let cancelled = false
    void loadDetailsStorage().then((storage) => {
      if (cancelled) return
      const saved = storage.checkoutDetailsFromStore(readStore())
      detailsStore.current = storage
      // Only into fields still as the page opened them: anything typed meanwhile stays.
      if (Object.keys(saved).length > 0) setValues((current) => ({ ...current, ...Object.fromEntries(Object.entries(saved).filter(([field]) => current[field as keyof Values] === initialValues[field as keyof Values])) }))
    })
    return () => {
      cancelled = true
    }
  }, [initialValues])

  function change(name: TextFieldName, value: string): Values {
    const next = { ...values, [name]: value }
    setValues(next)
    saveDetails(detailsStore.current, next)
    return next
  }

  return { values, change }
}
