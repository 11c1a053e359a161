// Site settings for the hot paths (pricing a basket, placing an order): read at most once every
// SETTINGS_FRESH_MS per process instead of once or twice per request. A change saved in this process is
// seen at once (the global's afterChange hook forgets the copy); one saved on another instance is seen
// within SETTINGS_FRESH_MS, the same window as the storefront's own pages (ADR 016).
// No 'server-only' marker: the Payload config imports this through the global's hook, and start-up
// scripts load that config outside Next.
import type { Payload } from 'payload'
import { onTheRoadRatesFrom, type OnTheRoadRates } from '../../domain/catalogue/on-the-road'
import type { SiteSetting } from '../../payload-types'

export const SETTINGS_FRESH_MS = 2_000

let copy: { readonly until: number; readonly payload: Payload; readonly value: Promise<SiteSetting> } | null = null

export function siteSettings(payload: Payload, now = Date.now()): Promise<SiteSetting> {
  if (copy && copy.payload === payload && now < copy.until) return copy.value
  const value = payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
  const entry = { until: now + SETTINGS_FRESH_MS, payload, value }
  copy = entry
  // A failed read is not kept: the next caller reads again.
  value.catch(() => {
    if (copy === entry) copy = null
  })
  return value
}

/** Called when the settings change in this process. */
export function forgetSiteSettings(): void {
  copy = null
}

/** The on-the-road parts the settings keep (ADR 044); defaults where a figure is missing. */
export function onTheRoadRates(settings: Pick<SiteSetting, 'onTheRoad'> | null | undefined): OnTheRoadRates {
  return onTheRoadRatesFrom(settings?.onTheRoad)
}
