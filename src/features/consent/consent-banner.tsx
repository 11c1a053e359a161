'use client'
// Asks before any non-essential cookie; declining is one click, as easy as accepting; the footer's
// "Cookie settings" button reopens it. The analytics tag manager loads only after acceptance.
// Loaded late (ConsentBannerIsland); until then the server's copy of the banner stands in for it.
import { useEffect, useState } from 'react'
import { consentCookie, readConsent, type ConsentChoice } from './consent'
import { ConsentBannerView } from './consent-banner-view'
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

  function choose(choice: ConsentChoice) {
    document.cookie = consentCookie(choice, window.location.protocol === 'https:')
    setOpen(false)
    if (choice === 'accepted' && tagManagerId) loadTagManager(tagManagerId)
    // Declining after accepting: analytics already loaded stays until the next page load, then never loads again.
  }

  if (!open) return null
  return <ConsentBannerView reopened={reopened} onChoose={choose} />
}
