// Makes argon2id the users' password hash for every Payload path (ADR 006): passwords being set are hashed with
// argon2id and Payload keeps only a PBKDF2 hash of a digest of that; logins are checked (and throttled) here
// before Payload sees them. Runs for REST, GraphQL, the admin panel and the Local API alike.
import { randomBytes } from 'node:crypto'
import { APIError, ValidationError, type CollectionBeforeOperationHook, type CollectionBeforeValidateHook, type PayloadRequest } from 'payload'
import { passwordProblem } from '../../domain/auth/password-policy'
import { weakPasswordProblem, type AccountDetails } from '../../domain/auth/password-strength'
import { clientAddress } from '../auth/client-address'
import { env } from '../../config/env'
import { cookieIsSecure } from '../auth/cookie-security'
import { guardCredentialChange, revokeAllApiTokens } from '../auth/credential-changes'
import { checkCredentials, UPGRADING_CONTEXT_KEY } from '../auth/credentials'
import { deviceSetCookieHeader, deviceTokensFromCookieHeader, nextDeviceCookieValue } from '../auth/known-device'
import { hashPassword, payloadPasswordFor } from '../auth/passwords'
import { isStaffUser } from '../access/roles'
import { awaitRegistrationTurn } from './limit-registration'

const NEW_HASH_KEY = 'wheelhouseNewArgon2'
const REVOKE_TOKENS_KEY = 'wheelhouseRevokeApiTokens'
/** A reset went through a link emailed to the account's address, which confirms that address (ADR 038). */
const RESET_CONFIRMS_EMAIL_KEY = 'wheelhouseResetConfirmsEmail'
/** Server code that calls payload.login directly passes the visitor's address here (the Local API has no request headers). */
export const CLIENT_ADDRESS_CONTEXT_KEY = 'clientAddress'
/** The seed's demo customer, whose password the README publishes anyway: only the length rules apply to it. */
export const PUBLISHED_DEMO_PASSWORD_CONTEXT_KEY = 'wheelhousePublishedDemoPassword'
/** …and the known-device tokens of the visitor's wheelhouse-device cookie (string[]). */
export const DEVICE_TOKENS_CONTEXT_KEY = 'deviceTokens'

type HookArgs = { id?: number | string; data?: Record<string, unknown> }

/** The email and names of the account whose password is being set: a new password must not be built from them. */
async function accountDetails(operation: string, args: HookArgs, req: PayloadRequest): Promise<AccountDetails> {
  const data = args.data ?? {}
  // Only text counts: anything else in these fields is refused by validation, after this hook has run.
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined)
  const given: AccountDetails = { email: text(data.email), firstName: text(data.firstName), lastName: text(data.lastName) }
  let stored: AccountDetails | undefined
  if (operation === 'update') {
    const id = args.id ?? (req.user as { id?: number } | null)?.id
    if (id !== undefined) stored = (await req.payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true, disableErrors: true, req })) ?? undefined
  } else if (operation === 'resetPassword' && typeof data.token === 'string') {
    const found = await req.payload.find({ collection: 'users', where: { resetPasswordToken: { equals: data.token } }, limit: 1, depth: 0, overrideAccess: true, showHiddenFields: true, pagination: false, req })
    stored = found.docs[0]
  }
  return { email: given.email ?? stored?.email, firstName: given.firstName ?? stored?.firstName, lastName: given.lastName ?? stored?.lastName }
}

export const argon2BeforeOperation: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const data = (args as { data?: Record<string, unknown> }).data
  if (operation === 'login') {
    const fromContext = req.context?.[CLIENT_ADDRESS_CONTEXT_KEY]
    const address = typeof fromContext === 'string' ? fromContext : clientAddress(req.headers)
    const fromContextTokens = req.context?.[DEVICE_TOKENS_CONTEXT_KEY]
    const deviceTokens = Array.isArray(fromContextTokens) ? fromContextTokens.filter((t): t is string => typeof t === 'string') : deviceTokensFromCookieHeader(req.headers?.get('cookie'))
    const result = await checkCredentials(req.payload, { email: data?.email, password: data?.password, address, deviceTokens })
    if (!result.ok && result.reason === 'throttled') {
      const error = new APIError(
        `Too many failed sign-in attempts. Try again in ${result.retryAfterSeconds} seconds, or sign in from a device you have used before.`,
        429,
        { retryAfterSeconds: result.retryAfterSeconds },
        true,
      )
      // Named, so Payload's error formatter answers its message in the production build too, where it
      // cannot recognise the class (bundled twice) and would say only "An unknown error occurred."
      error.name = 'APIError'
      throw error
    }
    if (result.ok) {
      // REST and admin sign-ins (Payload merges req.responseHeaders into its response) mark this browser as a known device.
      const headers = req.responseHeaders ?? new Headers()
      headers.append('Set-Cookie', deviceSetCookieHeader(nextDeviceCookieValue(deviceTokens, result.deviceToken, result.user.id), cookieIsSecure(env().SITE_URL)))
      req.responseHeaders = headers
    }
    // A wrong password becomes a random one, so Payload answers with its usual neutral "incorrect" error.
    const password = result.ok ? result.payloadPassword : randomBytes(32).toString('hex')
    if (data) data.password = password
    return { ...args, data: { ...data, password } }
  }
  if (operation === 'resetPassword') req.context[RESET_CONFIRMS_EMAIL_KEY] = true
  // The owner must prove the current password to change it or the email address (and the address only changes by link).
  if (operation === 'update') await guardCredentialChange(args as Parameters<typeof guardCredentialChange>[0], req)
  if ((operation === 'create' || operation === 'update' || operation === 'resetPassword') && typeof data?.password === 'string' && data.password !== '') {
    const upgrade = req.context?.[UPGRADING_CONTEXT_KEY]
    let phc: string
    if (typeof upgrade === 'string') {
      phc = upgrade
    } else {
      const demo = req.context?.[PUBLISHED_DEMO_PASSWORD_CONTEXT_KEY] === true
      const problem = passwordProblem(data.password) ?? (demo ? null : weakPasswordProblem(data.password, await accountDetails(operation, args as HookArgs, req)))
      if (problem) throw new ValidationError({ collection: 'users', errors: [{ message: problem, path: 'password' }] })
      // A visitor's new account waits its turn: accounts start a quarter of a second apart (limit-registration.ts).
      const visitorSignUp = operation === 'create' && !isStaffUser(req.user) && !(args as { overrideAccess?: boolean }).overrideAccess
      if (visitorSignUp) await awaitRegistrationTurn()
      phc = await hashPassword(data.password)
    }
    req.context[NEW_HASH_KEY] = phc
    // A real change (not the silent move of an old hash to argon2id) ends every API token of the account.
    if (typeof upgrade !== 'string') req.context[REVOKE_TOKENS_KEY] = true
    // Changed in place as well: resetPassword reads `data` from its arguments before this hook runs.
    data.password = payloadPasswordFor(phc)
    return args
  }
  return args
}

/**
 * Stores the argon2id hash computed above and, for a changed or reset password, revokes the account's API tokens
 * (Payload itself drops the sessions); a reset also confirms the account's address. Runs after field access has been applied, and resetPassword calls it with the
 * user it saves, in the same transaction.
 */
export const argon2StoreHash: CollectionBeforeValidateHook = async ({ data, req, operation, originalDoc }) => {
  if (req.context?.[RESET_CONFIRMS_EMAIL_KEY] === true && data) {
    delete req.context[RESET_CONFIRMS_EMAIL_KEY]
    data.emailConfirmedAt ??= new Date().toISOString()
  }
  const phc = req.context?.[NEW_HASH_KEY]
  if (typeof phc !== 'string' || !data || (operation !== 'create' && operation !== 'update')) return data
  data.passwordArgon2 = phc
  delete req.context[NEW_HASH_KEY]
  const userId = (originalDoc as { id?: number | string } | undefined)?.id ?? (data as { id?: number | string }).id
  if (operation === 'update' && req.context[REVOKE_TOKENS_KEY] && userId !== undefined) await revokeAllApiTokens(req.payload, userId, req)
  delete req.context[REVOKE_TOKENS_KEY]
  return data
}
