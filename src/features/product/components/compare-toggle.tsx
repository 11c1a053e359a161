'use client'
// "Add to compare" on a bike's page (issue 26): the list lives in this browser only, and the link it builds is
// the comparison, so it can be shared. Without JavaScript the button never shows; the compare page still works.
import { useSyncExternalStore } from 'react'
import { paths } from '../../../config/paths'
import { MAX_COMPARED, parseCompareSlugs, toggleCompared } from '../../../domain/catalogue/compare'

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

export function CompareToggle({ slug, name }: { slug: string; name: string }) {
  // null on the server and during hydration: the button appears once the browser's list is known.
  const raw = useSyncExternalStore(subscribe, readRaw, () => null)
  if (raw === null) return null
  const list = parseCompareSlugs(raw)
  const chosen = list.includes(slug)
  const toggle = () => {
    try {
      window.localStorage.setItem(STORAGE_KEY, toggleCompared(parseCompareSlugs(readRaw()), slug).join(','))
    } catch {
      // Storage refused (private browsing): nothing to keep.
    }
    window.dispatchEvent(new Event(CHANGED))
  }
  return (
    <p className="pdp-compare">
      <button type="button" className="button" aria-pressed={chosen} onClick={toggle}>
        {chosen ? 'Added to compare' : 'Add to compare'}
        <span className="visually-hidden">: {name}</span>
      </button>
      <span role="status" className="pdp-compare__status">
        {list.length > 0 && (
          <a href={paths.compare(list)}>
            Compare {list.length} {list.length === 1 ? 'bike' : 'bikes'}
            {list.length === MAX_COMPARED ? ' (the most at once)' : ''}
          </a>
        )}
      </span>
    </p>
  )
}
