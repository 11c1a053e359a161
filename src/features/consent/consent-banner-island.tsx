'use client'
// The cookie banner, loaded late: the layout passes ConsentBannerView as its first look (ADR 016).
import { lateIsland } from '../../components/ui/late-island'
import { OPEN_COOKIE_SETTINGS_EVENT } from './consent-events'

export const ConsentBannerIsland = lateIsland(() => import('./consent-banner').then((m) => m.ConsentBanner), { loadOn: [OPEN_COOKIE_SETTINGS_EVENT] })
