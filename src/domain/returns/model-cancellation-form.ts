// The model cancellation form of the Consumer Contracts (Information, Cancellation and Additional Charges)
// Regulations 2013, Schedule 3 Part B, with the trader's part filled in from the dealer's details. The customer
// may use it but need not: any clear statement of the decision to cancel is enough (reg. 32(3)).
import { CANCELLATION_DAYS } from '../consumer-rights'

export interface TraderDetails {
  readonly name: string
  /** The shop's geographical address, one line per part (street, town, postcode). */
  readonly addressLines: readonly string[]
  readonly email?: string | null
  readonly fax?: string | null
}

export interface ModelCancellationForm {
  readonly heading: string
  readonly instruction: string
  /** The "To …" line: the trader's name, address and, where there is one, fax and email. */
  readonly to: string
  /** The lines the customer completes, in the regulations' words and order. */
  readonly lines: readonly string[]
  readonly footnote: string
}

export const MODEL_FORM_LINES = [
  'I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*]/for the supply of the following service [*],',
  'Ordered on [*]/received on [*],',
  'Name of consumer(s),',
  'Address of consumer(s),',
  'Signature of consumer(s) (only if this form is notified on paper),',
  'Date',
] as const

/** How else a customer may cancel: the form is optional. */
export const OTHER_CLEAR_STATEMENT =
  `You do not have to use this form. Any other clear statement of your decision to cancel is enough: an email, a letter or a phone call saying you cancel your order. ` +
  `To meet the deadline, send it before the ${CANCELLATION_DAYS}-day cancellation period ends.`

export function modelCancellationForm(trader: TraderDetails): ModelCancellationForm {
  const contact = [trader.name.trim(), ...trader.addressLines.map((l) => l.trim()).filter(Boolean), trader.fax?.trim() ? `fax ${trader.fax.trim()}` : '', trader.email?.trim() ? `email ${trader.email.trim()}` : ''].filter(Boolean)
  return {
    heading: 'Model cancellation form',
    instruction: '(Complete and return this form only if you wish to withdraw from the contract)',
    to: `To ${contact.join(', ')}:`,
    lines: MODEL_FORM_LINES,
    footnote: '[*] Delete as appropriate.',
  }
}

/** The form as plain text (emails, printing): one line each, the customer's lines as dashes to fill in. */
export function modelCancellationFormText(trader: TraderDetails): string {
  const form = modelCancellationForm(trader)
  return [form.heading, form.instruction, '', `— ${form.to}`, ...form.lines.map((l) => `— ${l}`), '', form.footnote].join('\n')
}
