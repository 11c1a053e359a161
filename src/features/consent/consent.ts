// Cookie consent (UK PECR): the stored choice and how it is read. Nothing non-essential runs until 'accepted'.
export const CONSENT_COOKIE = 'wh_consent'
export type ConsentChoice = 'accepted' | 'declined'

export function readConsent(cookieHeader: string): ConsentChoice | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === CONSENT_COOKIE && (value === 'accepted' || value === 'declined')) return value
  }
  return null
}

/**
 * Runs inline before the banner is parsed: marks the page when a choice is stored, so CSS hides the banner
 * that every page carries in its HTML. The banner is then painted with the page (no late paint, no shift)
 * for a first visit, and never flashes for a returning one.
 */
export const CONSENT_PRECHECK_SCRIPT = `try{if(/(?:^|;\\s*)${CONSENT_COOKIE}=(?:accepted|declined)(?:;|$)/.test(document.cookie))document.documentElement.setAttribute('data-consent-stored','')}catch(e){}`

export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  // A year, as the ICO suggests re-asking at most annually; SameSite=Lax; readable by our script only.
  return `${CONSENT_COOKIE}=${choice}; Max-Age=${60 * 60 * 24 * 365}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
}
