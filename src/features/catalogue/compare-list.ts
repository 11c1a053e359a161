// The rider's compare list, kept in this browser only (localStorage): the product page's "Add to compare" and the
// listing cards' control read and change the same list, and every control on the page follows a change at once
// (an event on this tab, `storage` from another tab). Browser code: call it from client components only.
import { useSyncExternalStore } from 'react'
import { parseCompareSlugs, toggleCompared } from '../../domain/catalogue/compare'

const STORAGE_KEY = 'wheelhouse.compare'
const CHANGED = 'wheelhouse:compare-changed'

function readRaw(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? ''
  } catch {
    return ''
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY) onChange()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener(CHANGED, onChange)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(CHANGED, onChange)
  }
}

/**
 * The list's raw text: null on the server and while hydrating (the list is only known in the browser), so a
 * control can wait for it rather than show a state it does not know.
 */
export function useCompareRaw(): string | null {
  return useSyncExternalStore(subscribe, readRaw, () => null)
}

/** The compared bikes' slugs, in the order chosen; null until the browser's list is known. */
export function compareListOf(raw: string | null): string[] | null {
  return raw === null ? null : parseCompareSlugs(raw)
}

/** Adds the bike (the oldest goes past four) or takes it off, and tells every control on the page. */
export function toggleInCompareList(slug: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, toggleCompared(parseCompareSlugs(readRaw()), slug).join(','))
  } catch {
    // Storage refused (private browsing): nothing to keep.
  }
  window.dispatchEvent(new Event(CHANGED))
}
