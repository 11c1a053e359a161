// The checkout form's fields and how they are judged: the contact and address fields in the order shown, the server's
// own zod schema for them (loaded after the page), and the Cycle to Work certificate as the server checks it.
import type { CheckoutForm } from '../checkout-form'
import type { CertificateErrors, CertificateFields } from './payment-method-choice'
import { parsePounds } from '../../../domain/money-input'
import { normaliseCertificateCode, type CertificateEntry, type CycleScheme } from '../../../domain/payments/cycle-to-work'

/** The certificate as typed, checked as the server checks it: the entry to send, or the message for each field. */
export function certificateEntry(fields: CertificateFields, schemes: readonly string[]): { entry: CertificateEntry | null; errors: CertificateErrors } {
  const errors: CertificateErrors = {}
  if (!schemes.includes(fields.scheme)) errors.scheme = 'Choose the scheme your certificate is from'
  const number = normaliseCertificateCode(fields.number)
  if (!number) errors.number = 'Enter the certificate number as printed: 4 to 24 letters and digits'
  const redemptionCode = normaliseCertificateCode(fields.redemptionCode)
  if (!redemptionCode) errors.redemptionCode = 'Enter the redemption code as printed: 4 to 24 letters and digits'
  const value = parsePounds(fields.value, { minPence: 100, maxPence: 1_000_000 })
  if (!value.ok) errors.value = value.message
  else if (value.pence == null) errors.value = 'Enter the certificate’s value in pounds, as printed on it'
  if (Object.keys(errors).length > 0 || !number || !redemptionCode || !value.ok || value.pence == null) return { entry: null, errors }
  return { entry: { scheme: fields.scheme as CycleScheme, number, redemptionCode, valuePence: value.pence }, errors }
}

// The form's rules are the server's own zod schema. They load just after the page, not with it: zod is about 30 KB
// of the first-load budget, and nothing needs the rules before the customer leaves a field or presses pay.
type FormRules = typeof import('../checkout-form')
let formRules: FormRules | null = null
export const loadFormRules = async (): Promise<FormRules> => (formRules ??= await import('../checkout-form'))

export interface CheckoutPrefill {
  readonly firstName?: string
  readonly lastName?: string
  readonly email?: string
  readonly phone?: string
  readonly line1?: string
  readonly line2?: string
  readonly town?: string
  readonly county?: string
  readonly postcode?: string
}

export const FIELDS = [
  { name: 'contact.firstName', label: 'First name', autoComplete: 'given-name', section: 'contact' },
  { name: 'contact.lastName', label: 'Last name', autoComplete: 'family-name', section: 'contact' },
  { name: 'contact.email', label: 'Email address', autoComplete: 'email', type: 'email', section: 'contact', hint: 'We send your order confirmation here.' },
  { name: 'contact.phone', label: 'Phone number', autoComplete: 'tel', type: 'tel', section: 'contact', hint: 'A UK number, so we can call you about your order.' },
  { name: 'address.line1', label: 'Address line 1', autoComplete: 'address-line1', section: 'address' },
  { name: 'address.line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2', section: 'address' },
  { name: 'address.town', label: 'Town or city', autoComplete: 'address-level2', section: 'address' },
  { name: 'address.county', label: 'County (optional)', autoComplete: 'address-level1', section: 'address' },
  { name: 'address.postcode', label: 'Postcode', autoComplete: 'postal-code', section: 'address', width: 'short' },
] as const

/** A text field's name ('contact.email'); the terms box is the one other field. */
export type TextFieldName = (typeof FIELDS)[number]['name']
export type FieldName = TextFieldName | 'acceptTerms'
export type Values = Record<TextFieldName, string>
export type Errors = Partial<Record<FieldName, string>>

function toForm(values: Values, acceptTerms: boolean) {
  return {
    contact: { firstName: values['contact.firstName'], lastName: values['contact.lastName'], email: values['contact.email'], phone: values['contact.phone'] },
    address: { line1: values['address.line1'], line2: values['address.line2'], town: values['address.town'], county: values['address.county'], postcode: values['address.postcode'] },
    acceptTerms,
  }
}

/** The messages and parsed form, or null before the rules have loaded (then nothing is judged yet). */
export function validate(values: Values, acceptTerms: boolean, rules: FormRules | null = formRules): { errors: Errors; data: CheckoutForm | null } | null {
  if (!rules) return null
  const result = rules.checkoutFormSchema.safeParse(toForm(values, acceptTerms))
  if (result.success) return { errors: {}, data: result.data }
  const errors: Errors = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') as FieldName
    errors[key] ??= issue.message
  }
  return { errors, data: null }
}

export const fieldId = (name: string) => `checkout-${name.replace('.', '-')}`
