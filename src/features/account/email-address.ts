// The one rule for an email address a visitor types into the account forms and their JSON twins.
import { z } from '../../lib/zod'
import { isPlainText } from '../../lib/text/plain-text'

export const EMAIL_MESSAGE = 'Enter an email address such as name@example.co.uk.'

export const emailAddress = z.string().trim().toLowerCase().max(254, 'That email address is too long.').refine(isPlainText, EMAIL_MESSAGE).pipe(z.email({ message: EMAIL_MESSAGE }))
