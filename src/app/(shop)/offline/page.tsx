import type { Metadata } from 'next'

export const dynamic = 'force-static'
export const metadata: Metadata = { title: 'You are offline', robots: { index: false } }

// Served by the service worker when a page cannot be fetched.
export default function OfflinePage() {
  return (
    <div className="container section content-page">
      <h1>You’re offline</h1>
      <p>We can’t reach the shop right now. Check your connection and try again; your basket is saved on this device.</p>
      <p><a className="button" href="/">Try again</a></p>
    </div>
  )
}
