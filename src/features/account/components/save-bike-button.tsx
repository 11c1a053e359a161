'use client'
// "Save" on a bike's page. A guest's saved list lives in this browser; a signed-in customer's on the
// account, and anything saved before signing in joins it the next time the customer is seen signed in.
import { useEffect, useState } from 'react'
import { paths } from '../../../config/paths'
import { callApi } from '../../../lib/http/call-api'
import { whenIdle } from '../../../components/ui/late-island'
import { mergeSavedSlugs, MAX_SAVED_BIKES } from '../../../domain/catalogue/saved-bikes'
import { parseCompareSlugs } from '../../../domain/catalogue/compare'
// Types only: the request's zod schema stays on the server (it would put zod in every bike page's first load).
import type { SavedBikesRequest, SavedBikesResponse } from '../saved-bikes-request'

const STORAGE_KEY = 'wheelhouse.saved'

/** The guest list in this browser (slugs, newest last). */
export function readLocalSaved(): string[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY) ?? ''
    return raw.split(',').flatMap((s) => parseCompareSlugs(s)).slice(-MAX_SAVED_BIKES)
  } catch {
    return []
  }
}

export function writeLocalSaved(slugs: readonly string[]): void {
  try {
    if (slugs.length === 0) window.localStorage.removeItem(STORAGE_KEY)
    else window.localStorage.setItem(STORAGE_KEY, slugs.slice(-MAX_SAVED_BIKES).join(','))
  } catch {
    // Storage refused (private browsing): the list lasts as long as the page.
  }
}

export async function savedBikesCall(body?: SavedBikesRequest): Promise<SavedBikesResponse | null> {
  const answer = await callApi<SavedBikesResponse>(paths.savedBikesApi(), body ? { method: 'POST', body, cache: 'no-store' } : { cache: 'no-store' })
  return answer.ok ? answer.body : null
}

/**
 * Who is signed in and their list, with the browser's guest list joined in once a session is seen. Answers the
 * list the page should show; null while unknown.
 */
export async function syncSavedBikes(): Promise<{ signedIn: boolean; slugs: string[] } | null> {
  const me = await savedBikesCall().catch(() => null)
  if (!me) return null
  const local = readLocalSaved()
  if (!me.signedIn) return { signedIn: false, slugs: local }
  const missing = local.filter((s) => !me.bikes.some((b) => b.slug === s))
  if (missing.length === 0) {
    writeLocalSaved([])
    return { signedIn: true, slugs: me.bikes.map((b) => b.slug) }
  }
  const merged = await savedBikesCall({ action: 'save', slugs: missing }).catch(() => null)
  if (!merged) return { signedIn: true, slugs: mergeSavedSlugs(me.bikes.map((b) => b.slug), local) }
  writeLocalSaved([])
  return { signedIn: true, slugs: merged.bikes.map((b) => b.slug) }
}

export function SaveBikeButton({ slug, name }: { slug: string; name: string }) {
  const [state, setState] = useState<{ signedIn: boolean; slugs: string[] } | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    let live = true
    // Asked once the page is idle: the button is not part of the first screen, and a request started among
    // hydration's effects lengthens the task after which the page answers presses.
    const cancel = whenIdle(() => {
      void syncSavedBikes().then((s) => {
        if (live) setState(s ?? { signedIn: false, slugs: readLocalSaved() })
      })
    }, 1000)
    return () => {
      live = false
      cancel()
    }
  }, [])
  if (!state) return null
  const saved = state.slugs.includes(slug)
  const toggle = async () => {
    setBusy(true)
    try {
      if (state.signedIn) {
        const next = await savedBikesCall({ action: saved ? 'remove' : 'save', slugs: [slug] })
        if (next) setState({ signedIn: next.signedIn, slugs: next.bikes.map((b) => b.slug) })
      } else {
        const next = saved ? readLocalSaved().filter((s) => s !== slug) : mergeSavedSlugs(readLocalSaved(), [slug])
        writeLocalSaved(next)
        setState({ signedIn: false, slugs: next })
      }
    } finally {
      setBusy(false)
    }
  }
  return (
    <p className="save-bike">
      <button type="button" className="button" aria-pressed={saved} disabled={busy} onClick={() => void toggle()}>
        {saved ? 'Saved' : 'Save this bike'}
        <span className="visually-hidden">: {name}</span>
      </button>
      <span role="status" className="save-bike__status">
        {saved && <a href={paths.saved(state.signedIn ? [] : state.slugs)}>Your saved bikes</a>}
      </span>
    </p>
  )
}
