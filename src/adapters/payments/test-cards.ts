// The built-in test gateway's card rules: Luhn check, and what each standard test card number does.

export function digitsOnly(input: string): string {
  return input.replace(/[\s-]/g, '')
}

/** The Luhn checksum every real card number passes. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export type CardOutcome = 'succeeds' | 'declined' | 'requires_3ds'

/** Stripe's well-known test numbers, which testers already know by heart. */
const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000002': 'declined',
  '4000002500003155': 'requires_3ds',
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard'
  if (/^3[47]/.test(number)) return 'American Express'
  return 'Card'
}

export interface CardInput {
  readonly number: string
  readonly expiry: string
  readonly cvc: string
  readonly name: string
}

export type CardCheck =
  | { readonly ok: true; readonly outcome: CardOutcome; readonly brand: string; readonly last4: string }
  | { readonly ok: false; readonly errors: Partial<Record<keyof CardInput, string>> }

/** Validates the form as a card form would; a valid number that is not a known test card is declined. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const errors: Partial<Record<keyof CardInput, string>> = {}
  const number = digitsOnly(input.number)
  if (!number) errors.number = 'Enter your card number'
  else if (!passesLuhn(number)) errors.number = 'Enter a valid card number'
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry)
  if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY'
  else {
    const month = Number(expiry[1])
    const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])
    if (month < 1 || month > 12) errors.expiry = 'Enter a month from 01 to 12'
    else if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) errors.expiry = 'This card has expired'
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digit security code'
  if (!input.name.trim()) errors.name = 'Enter the name on the card'
  else if (input.name.length > 100) errors.name = 'The name must be 100 characters or fewer'
  if (Object.keys(errors).length) return { ok: false, errors }
  return { ok: true, outcome: TEST_CARDS[number] ?? 'declined', brand: cardBrand(number), last4: number.slice(-4) }
}
