// A customer's contact details as every form that books, reserves or asks takes them: names that are names, an
// email address compared without case, and a UK phone number in its national form.
import { withPersonNameRule } from './person-name'
import { isPlainText, PLAIN_TEXT_MESSAGE } from './plain-text'
import { z } from '../zod'

function normaliseUkPhone(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '')
  const national = compact.startsWith('+44') ? `0${compact.slice(3).replace(/^0/, '')}` : compact.startsWith('0044') ? `0${compact.slice(4).replace(/^0/, '')}` : compact
  return /^0[1-9]\d{8,9}$/.test(national) ? national : null
}

const name = (label: string) => withPersonNameRule(z.string({ message: `Enter your ${label}.` }).trim().min(1, `Enter your ${label}.`).max(80, `Your ${label} must be 80 characters or fewer.`).refine(isPlainText, `Your ${label} ${PLAIN_TEXT_MESSAGE}.`), label)

export const contactInput = z
  .object({
    firstName: name('first name'),
    lastName: name('last name'),
    email: z.string({ message: 'Enter your email address.' }).trim().max(254, 'Your email address is too long.').pipe(z.email({ message: 'Enter an email address like name@example.co.uk.' })).transform((v) => v.toLowerCase()),
    phone: z
      .string({ message: 'Enter your phone number.' })
      .trim()
      .max(30, 'Enter a UK phone number like 07700 900123.')
      .refine((v) => normaliseUkPhone(v) !== null, 'Enter a UK phone number like 07700 900123.')
      .transform((v) => normaliseUkPhone(v) ?? v),
  })
  .strict()
