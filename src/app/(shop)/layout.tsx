import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { siteSettings, topCategories } from '../../features/catalogue/queries.server'
import { ConsentBannerIsland } from '../../features/consent/consent-banner-island'
import { CookieSettingsButton } from '../../features/consent/cookie-settings-button'
import { CONSENT_MODE_SCRIPT, CONSENT_PRECHECK_SCRIPT } from '../../features/consent/consent'
import { MiniBasketIsland } from '../../features/basket/components/mini-basket-island'
import { HeaderSearchIsland } from '../../features/search/components/header-search-island'
import { ServiceWorkerRegistration } from '../../features/pwa/service-worker-registration'
import { FrameworkLive } from '../../components/ui/framework-live'
import { SITE_MENU_ESCAPE_SCRIPT } from '../../components/ui/site-menu-script'
import './styles.css'
import { env } from '../../config/env'
import { paths } from '../../config/paths'

export const metadata: Metadata = {
  title: { default: 'Wheelhouse: motorcycles, scooters, bicycles and e-bikes', template: '%s | Wheelhouse' },
  description: 'New and used motorcycles, scooters, bicycles and electric bikes, rider wear and accessories, with finance and UK delivery.',
  metadataBase: new URL(env().SITE_URL),
  icons: { icon: [{ url: '/icon.svg', type: 'image/svg+xml' }], apple: '/icons/apple-touch-icon.png' },
  appleWebApp: { capable: true, title: 'Wheelhouse', statusBarStyle: 'black-translucent' },
}

export const viewport: Viewport = { themeColor: '#0d1927', width: 'device-width', initialScale: 1 }

export default async function ShopLayout({ children }: { children: ReactNode }) {
  const [categories, settings] = await Promise.all([topCategories(), siteSettings()])
  const address = settings.address
  return (
    <html lang="en-GB">
      <body>
        {/* Google consent mode's denied default, before any tag can run; and the queue our analytics events wait in
            until the visitor accepts. Only with a tag manager: without one there is no dataLayer at all. */}
        {env().GTM_ID && <script dangerouslySetInnerHTML={{ __html: CONSENT_MODE_SCRIPT }} />}
        {/* Before the banner, so a stored choice hides it before the first paint. */}
        <script dangerouslySetInnerHTML={{ __html: CONSENT_PRECHECK_SCRIPT }} />
        {/* Without JavaScript no analytics can load, so there is nothing to ask. */}
        <noscript>
          <style>{'.consent--first{display:none}'}</style>
        </noscript>
        <a className="skip-link" href="#main">Skip to content</a>
        {/* Only analytics needs consent: with no tag manager configured there is nothing to ask. The first
            question sits at the top of the page, in its flow: it covers nothing and hides no focused control. */}
        {env().GTM_ID && <ConsentBannerIsland tagManagerId={env().GTM_ID} />}
        <header className="site-header">
          <div className="container site-header__inner">
            <a href={paths.home()} className="site-header__logo" aria-label="Wheelhouse home">
              Wheelhouse
            </a>
            <HeaderSearchIsland />
            <a href={paths.account()} className="site-header__account">
              <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <circle cx="12" cy="8" r="4" />
                <path d="M4 21a8 8 0 0 1 16 0" />
              </svg>
              <span className="site-header__word">Your account</span>
            </a>
            <MiniBasketIsland />
            {/* The categories behind a menu button on phones, shown as a row on wide screens. A native
                <details>/<summary> disclosure rather than a scripted <button aria-expanded aria-controls>: it opens
                and closes without JavaScript (the header's other controls all work without it), browsers expose the
                summary's expanded or collapsed state from the details' `open` (ARIA in HTML forbids aria-expanded on
                a summary, since browsers ignore it), and it costs the first load no script. Wide screens show the
                links without the button through ::details-content, as the listing filters do. */}
            <details className="site-menu">
              <summary className="site-menu__button">
                <svg aria-hidden="true" className="site-menu__icon site-menu__icon--open" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
                  <path d="M4 6h16M4 12h16M4 18h16" />
                </svg>
                <svg aria-hidden="true" className="site-menu__icon site-menu__icon--close" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
                <span className="site-header__word">Menu</span>
              </summary>
              <nav aria-label="Main" className="site-menu__panel">
                <ul className="site-nav">
                  <li><a href={paths.allBikes()}>All bikes</a></li>
                  {categories.map((c) => (
                    <li key={c.id}><a href={paths.category(c.slug)}>{c.name}</a></li>
                  ))}
                  <li><a href={paths.blog()}>Blog</a></li>
                </ul>
              </nav>
            </details>
            <script dangerouslySetInnerHTML={{ __html: SITE_MENU_ESCAPE_SCRIPT }} />
          </div>
        </header>
        <main id="main">{children}</main>
        <footer className="site-footer">
          <div className="container site-footer__inner">
            <section aria-labelledby="footer-visit">
              <h2 id="footer-visit">Visit us</h2>
              <address>
                {settings.dealerName}
                <br />
                {[address?.line1, address?.line2, address?.town, address?.postcode].filter(Boolean).join(', ')}
                <br />
                {settings.phone && <a href={`tel:${settings.phone.replace(/\s/g, '')}`}>{settings.phone}</a>}
              </address>
            </section>
            <section aria-labelledby="footer-hours">
              <h2 id="footer-hours">Opening hours</h2>
              <dl className="hours">
                {(settings.openingHours ?? []).map((h) => (
                  <div key={h.id ?? h.day}>
                    <dt>{h.day}</dt>
                    <dd>{h.closed ? 'Closed' : `${h.opens}–${h.closes}`}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <section aria-labelledby="footer-info">
              <h2 id="footer-info">Information</h2>
              <ul>
                <li><a href="/about">About us</a></li>
                <li><a href={paths.bicycleServices()}>Book a bicycle service</a></li>
                <li><a href="/delivery">Delivery</a></li>
                <li><a href="/returns">Returns and cancellation</a></li>
                <li><a href="/accessibility">Accessibility statement</a></li>
                <li><a href="/finance">Finance</a></li>
                <li><a href="/privacy">Privacy</a></li>
                <li><a href="/terms">Terms</a></li>
                <li><a href="/cookies">Cookies</a></li>
                {env().GTM_ID && <li><CookieSettingsButton /></li>}
              </ul>
            </section>
          </div>
          {settings.finance?.brokerStatement && (
            <p className="container site-footer__legal">
              {settings.finance.brokerStatement}
              {settings.finance.fcaFirmReference && ` FCA firm reference ${settings.finance.fcaFirmReference}.`}
            </p>
          )}
        </footer>
        <ServiceWorkerRegistration />
        <FrameworkLive />
      </body>
    </html>
  )
}
