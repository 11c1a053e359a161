'use client'
// "Cookie settings" in the footer: reopens the cookie banner, loading its code first when need be.
import { requestCookieSettings } from './consent-events'

export function CookieSettingsButton() {
  return (
    <button type="button" className="link-button" onClick={requestCookieSettings}>
      Cookie settings
    </button>
  )
}
