// What a new password must be (OWASP ASVS V2.1): at least 12 characters, long passphrases welcome, any characters.
export const PASSWORD_MIN_LENGTH = 12
/** Long enough for any passphrase (ASVS asks for at least 64), short enough that hashing stays cheap to refuse. */
export const PASSWORD_MAX_LENGTH = 256

/** The problem with a new password, or null when it is acceptable. Length counts characters, not bytes. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length === 0) return 'Enter a password.'
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`
  if (password.trim().length === 0) return 'A password cannot be only spaces.'
  return null
}
