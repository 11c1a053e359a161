// Guessability of a new password (OWASP ASVS 5.0 §6.2.4 and §6.2.11): refused when it is a common or breached
// password, a simple pattern (repeats, sequences, keyboard walks), or built from the account's own details.
// zxcvbn-ts ships its lists inside the npm packages (language-common: the most common breached passwords;
// language-en: English words and names), so nothing is downloaded at run time.
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as en from '@zxcvbn-ts/language-en'

/** zxcvbn's 3: "safely unguessable" online (about 10^8 guesses), which every throttled sign-in path keeps to. */
export const MIN_PASSWORD_SCORE = 3

let factory: ZxcvbnFactory | undefined
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, translations: en.translations })
  return factory
}

export interface AccountDetails {
  email?: string | null
  firstName?: string | null
  lastName?: string | null
}

/** The words of the account's own details a password must not lean on. */
export function accountWords(details: AccountDetails): string[] {
  const email = (details.email ?? '').trim().toLowerCase()
  const [local = '', domain = ''] = email.split('@')
  const words = [email, local, ...local.split(/[^a-z0-9]+/), ...domain.split('.'), details.firstName ?? '', details.lastName ?? '', 'wheelhouse']
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 3))]
}

/** Why this password is too easy to guess, or null. Assumes the length rules (passwordProblem) already passed. */
export function weakPasswordProblem(password: string, details: AccountDetails = {}): string | null {
  const OWN = 'This password is too easy to guess: it is built from your own name or email address. Try a few unrelated words.'
  // Whoever knows the email address tries it first, with its punctuation dropped or a number added.
  const bare = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
  const local = bare((details.email ?? '').split('@')[0] ?? '')
  if (local.length >= 4 && bare(password).includes(local)) {
    // Containing it is fine when the rest would be a good password on its own ('e2e-admin-password-1234' for admin@…).
    const anyPunctuation = [...local].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^\\p{L}\\p{N}]*')
    const rest = password.replace(new RegExp(anyPunctuation, 'giu'), '')
    if (estimator().check(rest, accountWords(details)).score < MIN_PASSWORD_SCORE) return OWN
  }
  const result = estimator().check(password, accountWords(details))
  if (result.score >= MIN_PASSWORD_SCORE) return null
  const own = result.sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs')
  return own ? OWN : 'This password is too easy to guess: it is a common or leaked password, or a simple pattern. Try a few unrelated words.'
}
