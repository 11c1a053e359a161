// Payload's REST and GraphQL create/update take whatever JSON arrives: a body that is not an object made it throw
// (a 500), unknown keys were dropped silently, an object in a text field was stored as its JSON. For customers and
// visitors this refuses such data with a 400 naming the field, as the shop's own endpoints do; staff (the admin
// panel) and the shop's own Local API calls keep Payload's behaviour, apart from a body that is not an object.
// Sign-in and password operations refuse control characters and broken unicode from anyone.
import { ValidationError, type CollectionBeforeOperationHook, type FlattenedField, type PayloadRequest } from 'payload'
import { isStaffUser } from '../access/roles'
import { firstJunkIn, isPlainText, PLAIN_TEXT_MESSAGE } from '../../lib/text/plain-text'

type Problem = { path: string; message: string }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const TEXT_TYPES = new Set(['text', 'email', 'textarea', 'select', 'code'])

async function fieldProblem(field: FlattenedField, value: unknown, path: string, req: PayloadRequest, operation: 'create' | 'update', row: Record<string, unknown>): Promise<Problem | null> {
  const access = field.access?.[operation]
  if (access && !(await access({ req, data: row, siblingData: row }))) return { path, message: 'You may not set this field.' }
  if (value === null || value === undefined) return null
  if (TEXT_TYPES.has(field.type)) {
    if (typeof value !== 'string' && !(field.type === 'select' && 'hasMany' in field && field.hasMany && Array.isArray(value))) return { path, message: 'must be text' }
    if (typeof value === 'string' && !isPlainText(value)) return { path, message: PLAIN_TEXT_MESSAGE }
    return null
  }
  if (field.type === 'number' && typeof value !== 'number') return { path, message: 'must be a number' }
  if (field.type === 'checkbox' && typeof value !== 'boolean') return { path, message: 'must be true or false' }
  if (field.type === 'array') {
    if (!Array.isArray(value)) return { path, message: 'must be a list' }
    for (const [i, item] of value.entries()) {
      const problem = await rowProblem(field.flattenedFields, item, `${path}.${i}`, req, operation, ['id'])
      if (problem) return problem
    }
    return null
  }
  if (field.type === 'group' && 'flattenedFields' in field) return rowProblem(field.flattenedFields, value, path, req, operation, [])
  const junk = firstJunkIn(value)
  return junk ? { path: `${path}.${junk}`, message: PLAIN_TEXT_MESSAGE } : null
}

async function rowProblem(fields: FlattenedField[], row: unknown, path: string, req: PayloadRequest, operation: 'create' | 'update', extraKeys: string[]): Promise<Problem | null> {
  if (!isObject(row)) return { path: path || '(body)', message: 'must be an object' }
  const byName = new Map(fields.map((f) => [f.name, f]))
  for (const [key, value] of Object.entries(row)) {
    const at = path ? `${path}.${key}` : key
    const field = byName.get(key)
    if (!field) {
      if (!extraKeys.includes(key)) return { path: at, message: 'is not a field of this document' }
      // An array row's id may be Payload's text id or a database's number; a password is text.
      const fine = typeof value === 'string' ? isPlainText(value) : key === 'id' && typeof value === 'number'
      if (!fine) return { path: at, message: key === 'id' ? 'must be an id' : 'must be text' }
      continue
    }
    const problem = await fieldProblem(field, value, at, req, operation, row)
    if (problem) return problem
  }
  return null
}

/** Sign-in and password operations look the account up by what was sent: a NUL there fails PostgreSQL's query (a 500). */
const CREDENTIAL_OPERATIONS = new Set(['login', 'forgotPassword', 'resetPassword', 'unlock'])
/**
 * Payload's forgotPassword stores the reset token with an update made with the asker's own request: that is Payload's
 * write, not the visitor's data, and refusing it ("You may not set this field") made every reset of an existing
 * account fail with 400 while an unknown address got 200. The operation marks its request so that write passes.
 */
const RESET_TOKEN_WRITE = 'wheelhouseResetTokenWrite'
const RESET_TOKEN_FIELDS = new Set(['resetPasswordToken', 'resetPasswordExpiration'])

export const refuseMalformedData: CollectionBeforeOperationHook = async ({ args, collection, operation, req }) => {
  const data: unknown = (args as { data?: unknown }).data
  const refuse = (problem: Problem) => {
    throw new ValidationError({ collection: collection.slug, errors: [problem], req }, req.t)
  }
  if (CREDENTIAL_OPERATIONS.has(operation)) {
    // The password is only ever hashed and compared, never queried by: whatever it holds is just a wrong password.
    const { password: _password, ...lookedUp } = isObject(data) ? data : {}
    const junk = firstJunkIn(lookedUp)
    if (junk) refuse({ path: junk, message: PLAIN_TEXT_MESSAGE })
    if (operation === 'forgotPassword') req.context[RESET_TOKEN_WRITE] = true
    return args
  }
  if (operation !== 'create' && operation !== 'update') return args
  if (!isObject(data)) refuse({ path: '(body)', message: 'Send the document as a JSON object.' })
  if (req.payloadAPI === 'local' || isStaffUser(req.user)) return args
  if (operation === 'update' && req.context[RESET_TOKEN_WRITE] === true && Object.keys(data as object).every((k) => RESET_TOKEN_FIELDS.has(k))) return args
  if (operation === 'update' && Object.keys(data as object).length === 0) refuse({ path: '(body)', message: 'There is nothing to change.' })
  // Auth collections take a password (and, for a change of it, the current one) beside their fields.
  const extras = collection.auth ? ['password'] : []
  const problem = await rowProblem(collection.flattenedFields, data, '', req, operation, extras)
  if (problem) refuse(problem)
  return args
}
