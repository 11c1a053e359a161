// Makes argon2id the users' password hash for every Payload path (ADR 006): passwords being set are hashed with
// argon2id and Payload keeps only a PBKDF2 hash of a digest of that; logins are checked (and throttled) here
// before Payload sees them. Runs for REST, GraphQL, the admin panel and the Local API alike.
import { randomBytes } from 'node:crypto'
import { APIError, ValidationError, type CollectionBeforeOperationHook, type CollectionBeforeValidateHook } from 'payload'
import { passwordProblem } from '../../domain/auth/password-policy'
import { clientAddress } from '../auth/client-address'
import { checkCredentials, UPGRADING_CONTEXT_KEY } from '../auth/credentials'
import { hashPassword, payloadPasswordFor } from '../auth/passwords'

const NEW_HASH_KEY = 'wheelhouseNewArgon2'
/** Server code that calls payload.login directly passes the visitor's address here (the Local API has no request headers). */
export const CLIENT_ADDRESS_CONTEXT_KEY = 'clientAddress'

export const argon2BeforeOperation: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const data = (args as { data?: Record<string, unknown> }).data
  if (operation === 'login') {
    const fromContext = req.context?.[CLIENT_ADDRESS_CONTEXT_KEY]
    const address = typeof fromContext === 'string' ? fromContext : clientAddress(req.headers)
    const result = await checkCredentials(req.payload, { email: data?.email, password: data?.password, address })
    if (!result.ok && result.reason === 'throttled') {
      throw new APIError(`Too many failed sign-in attempts. Try again in ${result.retryAfterSeconds} seconds.`, 429, { retryAfterSeconds: result.retryAfterSeconds }, true)
    }
    // A wrong password becomes a random one, so Payload answers with its usual neutral "incorrect" error.
    const password = result.ok ? result.payloadPassword : randomBytes(32).toString('hex')
    if (data) data.password = password
    return { ...args, data: { ...data, password } }
  }
  if ((operation === 'create' || operation === 'update' || operation === 'resetPassword') && typeof data?.password === 'string' && data.password !== '') {
    const upgrade = req.context?.[UPGRADING_CONTEXT_KEY]
    let phc: string
    if (typeof upgrade === 'string') {
      phc = upgrade
    } else {
      const problem = passwordProblem(data.password)
      if (problem) throw new ValidationError({ collection: 'users', errors: [{ message: problem, path: 'password' }] })
      phc = await hashPassword(data.password)
    }
    req.context[NEW_HASH_KEY] = phc
    // Changed in place as well: resetPassword reads `data` from its arguments before this hook runs.
    data.password = payloadPasswordFor(phc)
    return args
  }
  return args
}

/** Stores the argon2id hash computed above. Runs after field access has been applied, and resetPassword calls it with the user it saves. */
export const argon2StoreHash: CollectionBeforeValidateHook = ({ data, req, operation }) => {
  const phc = req.context?.[NEW_HASH_KEY]
  if (typeof phc !== 'string' || !data || (operation !== 'create' && operation !== 'update')) return data
  data.passwordArgon2 = phc
  delete req.context[NEW_HASH_KEY]
  return data
}
