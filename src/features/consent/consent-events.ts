// "Cookie settings" in the footer asks the banner to reopen. The banner's code loads late (ADR 016), so a
// request made before it is here is kept until it mounts.
export const OPEN_COOKIE_SETTINGS_EVENT = 'wh:open-cookie-settings'

let pending = false

export function requestCookieSettings(): void {
  pending = true
  window.dispatchEvent(new Event(OPEN_COOKIE_SETTINGS_EVENT))
}

/** True once per request the banner has not yet answered. */
export function takeCookieSettingsRequest(): boolean {
  const was = pending
  pending = false
  return was
}
