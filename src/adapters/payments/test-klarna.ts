// The built-in test gateway's Klarna rules: the customer signs in to Klarna with an email address; as in Klarna's
// own test environment, an address with "+denied" before the @ is declined and any other is approved.

export type KlarnaOutcome = 'approved' | 'declined'

export const KLARNA_DECLINED_TAG = '+denied'

export type KlarnaCheck = { readonly ok: true; readonly outcome: KlarnaOutcome } | { readonly ok: false; readonly error: string }

export function checkKlarnaAccount(email: string): KlarnaCheck {
  const address = email.trim().toLowerCase()
  if (!address) return { ok: false, error: 'Enter the email address of your Klarna account' }
  if (address.length > 254 || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address)) return { ok: false, error: 'Enter an email address like name@example.co.uk' }
  return { ok: true, outcome: address.split('@')[0]!.includes(KLARNA_DECLINED_TAG) ? 'declined' : 'approved' }
}

/** What the customer and staff are told when Klarna does not approve Pay in 3. */
export const KLARNA_DECLINED_MESSAGE = 'Klarna did not approve Pay in 3 this time, so no money was taken. You can pay by card instead.'
