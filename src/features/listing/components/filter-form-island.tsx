'use client'
// The listing's filter form as a late island (ADR 016, ADR 084): the server draws the whole form into the page's
// HTML, where it works without JavaScript (a GET form), and the page's data carries only what the form shows (the
// facets and the query), not its markup a second time. Its code is fetched when the page is idle; presses are
// never held back for it, since the form works without it.
import { lateIsland } from '../../../components/ui/late-island'
import type { FilterFormProps } from './listing-forms'

export const FilterFormIsland = lateIsland<FilterFormProps>(() => import('./listing-forms').then((m) => m.FilterForm), {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- server only: the condition is a constant in the browser bundle, which drops it
  server: typeof window === 'undefined' ? (require('./listing-forms') as typeof import('./listing-forms')).FilterForm : undefined,
  worksWithout: true,
})
