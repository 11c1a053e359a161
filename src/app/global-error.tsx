'use client'
// The 500 page when even the shop's layout cannot render (for example the database is unreachable).
// It carries its own <html> and styles because the layout that would provide them is what failed.
import { FrameworkLive } from '../components/ui/framework-live'

export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en-GB">
      <head>
        {/* a page without a title fails WCAG 2.4.2 */}
        <title>Something went wrong | Wheelhouse</title>
      </head>
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif', color: '#0d1927', background: '#fff' }}>
        <main style={{ maxWidth: 640, margin: '0 auto', padding: '48px 20px' }}>
          <p style={{ fontWeight: 800, fontSize: '1.4rem', margin: '0 0 24px' }}>Wheelhouse</p>
          <h1 style={{ fontSize: '2rem', margin: '0 0 12px' }}>Something went wrong</h1>
          <p>Sorry, the shop hit a problem showing this page. Please try again in a moment; if it keeps happening, call us.</p>
          <p>
            <button type="button" onClick={reset} style={{ padding: '12px 20px', borderRadius: 10, border: '2px solid #0d1927', background: '#0d1927', color: '#fff', fontWeight: 600, minHeight: 44 }}>
              Try again
            </button>{' '}
            <a href="/" style={{ color: '#1a5fb4', marginLeft: 12 }}>Home page</a>
          </p>
        </main>
        <FrameworkLive />
      </body>
    </html>
  )
}
