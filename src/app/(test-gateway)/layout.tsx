// The built-in test gateway's own pages: deliberately not the shop's look, as a hosted provider's page is not.
import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { FrameworkLive } from '../../components/ui/framework-live'
import './gateway.css'

export const metadata: Metadata = { title: 'Wheelhouse test payments', robots: { index: false, follow: false }, icons: { icon: [{ url: '/icon.svg', type: 'image/svg+xml' }] } }
export const viewport: Viewport = { themeColor: '#3d2a73', width: 'device-width', initialScale: 1 }

export default function GatewayLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <body className="tg">
        <header className="tg-header">
          <p className="tg-brand">Wheelhouse test payments</p>
          <p className="tg-note">A test card gateway: no real card is charged and no card number is kept.</p>
        </header>
        <main id="main" className="tg-main">{children}</main>
        <FrameworkLive />
      </body>
    </html>
  )
}
