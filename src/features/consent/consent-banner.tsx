'use client'
// Asks before any non-essential cookie; declining is one click, as easy as accepting; the footer's
// "Cookie settings" button reopens it. The analytics tag manager loads only after acceptance.
// Hydrated late (ConsentBannerIsland): the server's HTML shows it from the first paint.
import { useEffect, useRef, useState } from 'react'
import { consentCookie, readConsent, type ConsentChoice } from './consent'
import { OPEN_COOKIE_SETTINGS_EVENT, takeCookieSettingsRequest } from './consent-events'

function loadTagManager(id: string) {
  if (document.getElementById('wh-gtm')) return
  const script = document.createElement('script')
  script.id = 'wh-gtm'
  script.async = true
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`
  document.head.appendChild(script)
}

export function ConsentBanner({ tagManagerId }: { tagManagerId?: string }) {
  // Open in the page's HTML; CSS hides it before the first paint when a choice is stored (CONSENT_PRECHECK_SCRIPT).
  const [open, setOpen] = useState(true)
  const [reopened, setReopened] = useState(false)
  const section = useRef<HTMLElement>(null)
  useEffect(() => {
    const choice = readConsent(document.cookie)
    if (choice === 'accepted' && tagManagerId) loadTagManager(tagManagerId)
    const reopen = () => {
      takeCookieSettingsRequest()
      setReopened(true)
      setOpen(true)
    }
    // "Cookie settings" pressed before this code had loaded.
    if (takeCookieSettingsRequest()) reopen()
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the stored choice is only readable in the browser
    else if (choice) setOpen(false)
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen)
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen)
  }, [tagManagerId])

  // Reopened from the footer: the banner is at the top of the page, so it takes the focus (and scrolls into view).
  useEffect(() => {
    if (reopened && open) section.current?.focus()
  }, [reopened, open])

  function choose(choice: ConsentChoice) {
    document.cookie = consentCookie(choice, window.location.protocol === 'https:')
    setOpen(false)
    // Consent mode first, and the events held until now, so the tag finds them in the dataLayer when it starts.
    if (choice === 'accepted') window.whAnalytics?.grant()
    else window.whAnalytics?.deny()
    if (choice === 'accepted' && tagManagerId) loadTagManager(tagManagerId)
    // Declining after accepting: analytics already loaded stays until the next page load, then never loads again.
  }

  if (!open) return null
  return (
    <section ref={section} tabIndex={-1} className={reopened ? 'consent' : 'consent consent--first'} role="region" aria-labelledby="consent-title">
      <h2 id="consent-title" className="consent__title">Cookies</h2>
      <p>
        We use essential cookies to run the shop. With your permission we’d also use analytics cookies to see how the site is used.
        Read our <a href="/cookies">cookie policy</a>.
      </p>
      <div className="consent__actions">
        <button type="button" className="button button--solid" onClick={() => choose('accepted')}>Accept analytics cookies</button>
        <button type="button" className="button button--solid" onClick={() => choose('declined')}>Reject analytics cookies</button>
      </div>
    </section>
  )
}
