'use client'
// Tells the document's first script (src/lib/http/paint-first.mjs) that React has taken over the page, so a press it
// held while the code was on its way is made again, now that something listens.
import { useEffect } from 'react'
import { FRAMEWORK_LIVE_EVENT } from '../../lib/http/paint-first.mjs'

export function FrameworkLive() {
  useEffect(() => {
    document.dispatchEvent(new Event(FRAMEWORK_LIVE_EVENT))
  }, [])
  return null
}
