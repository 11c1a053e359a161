'use client'
// Sends one GA4 ecommerce event when the page that renders it is shown (a list, a product, an order). The event
// is built on the server; this costs the page a few bytes, and nothing at all where no tag manager is configured.
import { useEffect, useRef } from 'react'
import { whenIdle } from '../ui/late-island'
import type { Ga4EcommerceEvent } from '../../domain/analytics/ga4-ecommerce'

export function AnalyticsEvent({ event }: { event: Ga4EcommerceEvent }) {
  const sent = useRef(false)
  useEffect(() => {
    // Once per page shown: a re-render with an equal event is not a second view.
    if (!window.whAnalytics || sent.current) return
    sent.current = true
    // Once the page is idle: fetching the sender's code among hydration's effects lengthens the task after which
    // the page answers presses. Not cancelled if the page is left first: the order was still placed.
    whenIdle(() => void import('./send-analytics-event').then((m) => m.sendAnalyticsEvent(event)), 1000)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return null
}
