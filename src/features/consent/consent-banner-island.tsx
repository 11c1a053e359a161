'use client'
// The cookie banner, hydrated late (ADR 016): in every page's HTML, its code loads when the page is idle.
import { lateIsland } from '../../components/ui/late-island'
import { OPEN_COOKIE_SETTINGS_EVENT } from './consent-events'

export const ConsentBannerIsland = lateIsland(() => import('./consent-banner').then((m) => m.ConsentBanner), {
  loadOn: [OPEN_COOKIE_SETTINGS_EVENT],
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- server only: the condition is a constant in the browser bundle, which drops it
  server: typeof window === 'undefined' ? (require('./consent-banner') as typeof import('./consent-banner')).ConsentBanner : undefined,
})
