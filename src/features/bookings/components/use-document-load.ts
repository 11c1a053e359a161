'use client'
// The browser's half of `documentLoadOf` (../actions.server.ts): a booking form whose action succeeded loads the
// next page as a document, so the page arrives with its <title> in the head of its first HTML.
import { useEffect } from 'react'
import type { BookingFormState } from '../form-state'

/** Loads `state.location` once the action names it; true from then on, so the form is not sent twice meanwhile. */
export function useDocumentLoad(state: BookingFormState): boolean {
  useEffect(() => {
    if (state.location) window.location.assign(state.location)
  }, [state.location])
  return Boolean(state.location)
}
