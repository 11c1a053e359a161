'use client'
// The header search box on every page, as a late island (ADR 016) that waits for the visitor: the server draws the
// plain search form; the combobox's code is fetched only when the box is focused, pointed at or touched, never just
// because the page is idle, so a visit that never searches pays nothing for it (first-load JS +5 KB at most).
import { lateIsland } from '../../../components/ui/late-island'
import '../header-search.css'

export const HeaderSearchIsland = lateIsland(() => import('./header-search').then((m) => m.HeaderSearch), {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- server only: the condition is a constant in the browser bundle, which drops it
  server: typeof window === 'undefined' ? (require('./header-search') as typeof import('./header-search')).HeaderSearch : undefined,
  whenIdle: false,
})
