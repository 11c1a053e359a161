// Sends a GA4 ecommerce event through window.whAnalytics, which the consent feature's inline script sets up only
// when a tag manager is configured: it holds the event until the visitor accepts analytics and drops it when they
// decline. Without a tag manager there is no queue and nothing is sent.
import { onceKeyFor, type Ga4EcommerceEvent } from '../../domain/analytics/ga4-ecommerce'

export interface AnalyticsQueue {
  push(event: Ga4EcommerceEvent, onceKey?: string | null): void
  /** the visitor accepted analytics: consent mode granted, held events sent */
  grant(): void
  /** the visitor declined: held events dropped, consent mode denied */
  deny(): void
}

declare global {
  interface Window {
    whAnalytics?: AnalyticsQueue
    dataLayer?: unknown[]
  }
}

export function sendAnalyticsEvent(event: Ga4EcommerceEvent): void {
  const once = onceKeyFor(event)
  window.whAnalytics?.push(event, once ? `wh_ga_${once}` : null)
}
