'use client'
// Sends one GA4 ecommerce event when the page that renders it is shown (a list, a product, an order). The event
// is built on the server; this costs the page a few bytes, and nothing at all where no tag manager is configured.
import { useEffect } from 'react'
import type { Ga4EcommerceEvent } from '../../domain/analytics/ga4-ecommerce'

export function AnalyticsEvent({ event }: { event: Ga4EcommerceEvent }) {
  useEffect(() => {
    if (!window.whAnalytics) return
    void import('./send-analytics-event').then((m) => m.sendAnalyticsEvent(event))
    // Once per page shown: a re-render with an equal event is not a second view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return null
}
