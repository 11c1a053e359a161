'use server'
// Server actions of the account pages. Each checks the request's origin, parses the form with zod and
// goes through Payload (and so through the argon2id and throttling hooks and the access rules).
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { APIError } from 'payload'
import { formEntries, formText } from '../../lib/http/form-fields'
import { withPersonNameRule } from '../../lib/text/person-name'
import { isPlainText, PLAIN_TEXT_MESSAGE } from '../../lib/text/plain-text'
import { z } from '../../lib/zod'
import { formActionRefusal } from '../abuse/form-guard.server'
import { rateLimitedMessage } from '../../cms/auth/request-limits'
import { clientAddress } from '../../cms/auth/client-address'
import { CREDENTIALS_VERIFIED_CONTEXT_KEY } from '../../cms/auth/credential-changes'
import { checkCredentials } from '../../cms/auth/credentials'
import { noteFailure, throttleDecision } from '../../cms/auth/throttle-store'
import { REGISTRATIONS_BUSY_MESSAGE, isRegistrationsBusy, registrationCounts } from '../../cms/hooks/limit-registration'
import { CLIENT_ADDRESS_CONTEXT_KEY, DEVICE_TOKENS_CONTEXT_KEY } from '../../cms/hooks/argon2-passwords'
import { payloadClient } from '../../cms/payload-client.server'
import { retryAfterSeconds, throttleKeys, type ThrottlePolicy } from '../../domain/auth/login-throttle'
import { passwordProblem } from '../../domain/auth/password-policy'
import { weakPasswordProblem, type AccountDetails } from '../../domain/auth/password-strength'
import { safeNextPath } from '../../domain/auth/safe-next-path'
import type { Order } from '../../payload-types'
import type { FormState, LookupState } from './form-state'
import { toCustomerOrder } from './order-view'
import { orderDocumentLinks } from '../orders/order-documents.server'
import { emailAddress } from './email-address'
import { validationErrorsOf } from './payload-errors'
import { requestPasswordReset, resetRequestedMessage } from './password-reset.server'
import { currentCustomer, deviceTokens, isSameOriginRequest, rememberDevice, setSessionCookie } from './session.server'
import { paths } from '../../config/paths'

const FORBIDDEN: FormState = { status: 'error', message: 'This form must be sent from the Wheelhouse website. Reload the page and try again.' }
const INCORRECT = 'The email address or password is incorrect.'

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`).refine(isPlainText, `This ${PLAIN_TEXT_MESSAGE}.`)
const email = emailAddress

const str = formText

function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.')
    out[key] ??= issue.message
  }
  return out
}

async function address(): Promise<string> {
  return clientAddress(await headers())
}

function errorStatus(error: unknown): number | undefined {
  return error instanceof APIError || (typeof error === 'object' && error !== null && 'status' in error) ? Number((error as { status: unknown }).status) : undefined
}

// ---------------------------------------------------------------- sign in, register, sign out

export async function signInAction(_prev: FormState, form: FormData): Promise<FormState> {
  if (!(await isSameOriginRequest())) return FORBIDDEN
  const values = { email: str(form, 'email').slice(0, 254) }
  const parsed = z.object({ email, password: z.string().min(1, 'Enter your password.').max(1024) }).safeParse({ email: str(form, 'email'), password: str(form, 'password') })
  if (!parsed.success) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: fieldErrors(parsed.error), values }
  const payload = await payloadClient()
  try {
    const result = await payload.login({ collection: 'users', data: parsed.data, context: { [CLIENT_ADDRESS_CONTEXT_KEY]: await address(), [DEVICE_TOKENS_CONTEXT_KEY]: await deviceTokens() } })
    if (!result.token) throw new Error('Payload returned no token')
    await setSessionCookie(payload, result.token, result.exp)
    if (result.user) await rememberDevice(result.user.id)
  } catch (error) {
    if (errorStatus(error) === 429) return { status: 'error', message: (error as Error).message, values }
    if (errorStatus(error) === 401) return { status: 'error', message: INCORRECT, values }
    throw error
  }
  redirect(safeNextPath(str(form, 'next')))
}

const registration = z.object({
  firstName: withPersonNameRule(text(80).min(1, 'Enter your first name.'), 'first name'),
  lastName: withPersonNameRule(text(80).min(1, 'Enter your last name.'), 'last name'),
  email,
  password: z.string(),
}).superRefine((v, ctx) => {
  const problem = newPasswordProblem(v.password, v)
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] })
})

/** The length rules first, then guessability against the common-password lists and the account's own details. */
function newPasswordProblem(password: string, details: AccountDetails): string | null {
  return passwordProblem(password) ?? weakPasswordProblem(password, details)
}

export async function registerAction(_prev: FormState, form: FormData): Promise<FormState> {
  if (!(await isSameOriginRequest())) return FORBIDDEN
  const values = { firstName: str(form, 'firstName').slice(0, 80), lastName: str(form, 'lastName').slice(0, 80), email: str(form, 'email').slice(0, 254) }
  // The fields as sent, not the shortened copies kept for the form: an over-long name is refused, never cut.
  const parsed = registration.safeParse({ firstName: str(form, 'firstName'), lastName: str(form, 'lastName'), email: str(form, 'email'), password: str(form, 'password') })
  if (!parsed.success) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: fieldErrors(parsed.error), values }
  if (str(form, 'password') !== str(form, 'confirmPassword')) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: { confirmPassword: 'The two passwords differ.' }, values }
  // Counted with Payload's REST and GraphQL registration, before the password is hashed.
  const counts = registrationCounts(parsed.data.email)
  const limited = await formActionRefusal(counts.network, counts.targets)
  if (limited) return { status: 'error', message: limited, values }
  const payload = await payloadClient()
  try {
    // As a visitor (no user, access rules apply): the role field is admin-only, so this is always a customer.
    await payload.create({ collection: 'users', data: { ...parsed.data, role: 'customer' }, overrideAccess: false })
  } catch (error) {
    if (isRegistrationsBusy(error)) return { status: 'error', message: REGISTRATIONS_BUSY_MESSAGE, values }
    const problems = validationErrorsOf(error)
    if (problems) {
      const taken = problems.some((e) => e.path === 'email')
      return taken
        ? { status: 'error', message: 'An account with this email address already exists. Sign in, or reset your password if you have forgotten it.', fieldErrors: { email: 'This email address already has an account.' }, values }
        : { status: 'error', message: problems.map((e) => e.message).join(' '), values }
    }
    throw error
  }
  const login = await payload.login({ collection: 'users', data: { email: parsed.data.email, password: parsed.data.password }, context: { [CLIENT_ADDRESS_CONTEXT_KEY]: await address(), [DEVICE_TOKENS_CONTEXT_KEY]: await deviceTokens() } })
  if (login.token) {
    await setSessionCookie(payload, login.token, login.exp)
    if (login.user) await rememberDevice(login.user.id)
  }
  redirect(safeNextPath(str(form, 'next')))
}

// ---------------------------------------------------------------- forgotten password

export async function forgotPasswordAction(_prev: FormState, form: FormData): Promise<FormState> {
  if (!(await isSameOriginRequest())) return FORBIDDEN
  const parsed = z.object({ email }).safeParse({ email: str(form, 'email') })
  const values = { email: str(form, 'email').slice(0, 254) }
  if (!parsed.success) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: fieldErrors(parsed.error), values }
  const decision = await requestPasswordReset(await payloadClient(), await headers(), parsed.data.email)
  if (!decision.ok) return { status: 'error', message: rateLimitedMessage(decision.retryAfterSeconds), values }
  return { status: 'success', message: resetRequestedMessage(parsed.data.email) }
}

export async function resetPasswordAction(_prev: FormState, form: FormData): Promise<FormState> {
  if (!(await isSameOriginRequest())) return FORBIDDEN
  const token = str(form, 'token')
  const password = str(form, 'password')
  const lengthProblem = passwordProblem(password)
  if (lengthProblem) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: { password: lengthProblem } }
  if (password !== str(form, 'confirmPassword')) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: { confirmPassword: 'The two passwords differ.' } }
  if (!/^[a-f0-9]{20,128}$/i.test(token)) return { status: 'error', message: 'This reset link is not complete. Open the link from the email again, or ask for a new one.' }
  const payload = await payloadClient()
  try {
    const result = await payload.resetPassword({ collection: 'users', data: { token, password }, overrideAccess: true })
    if (result.token) {
      const exp = Math.floor(Date.now() / 1000) + (payload.collections.users.config.auth.tokenExpiration ?? 7200)
      await setSessionCookie(payload, result.token, exp)
    }
  } catch (error) {
    if (errorStatus(error) === 403) return { status: 'error', message: 'This reset link has expired or has already been used. Ask for a new one.' }
    const problem = validationErrorsOf(error)?.find((e) => e.path === 'password')
    if (problem) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: { password: problem.message } }
    throw error
  }
  redirect(paths.accountAfterPasswordReset())
}

// ---------------------------------------------------------------- account details

const addressRow = z.object({
  label: text(40),
  line1: text(120).min(1, 'Enter the first line of the address.'),
  line2: text(120),
  town: text(80).min(1, 'Enter the town or city.'),
  county: text(80),
  postcode: text(10)
    .transform((v) => v.toUpperCase().replace(/\s+/g, ' '))
    .pipe(z.string().regex(/^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/, 'Enter a UK postcode such as LS1 4AP.')),
})

const details = z.object({
  firstName: withPersonNameRule(text(80).min(1, 'Enter your first name.'), 'first name'),
  lastName: withPersonNameRule(text(80).min(1, 'Enter your last name.'), 'last name'),
  phone: text(30).regex(/^[0-9 +()-]*$/, 'Use digits, spaces and + ( ) - only.'),
})

export async function updateDetailsAction(_prev: FormState, form: FormData): Promise<FormState> {
  if (!(await isSameOriginRequest())) return FORBIDDEN
  const customer = await currentCustomer()
  if (!customer) return { status: 'error', message: 'Your session has ended. Sign in again.' }
  const values: Record<string, string> = {}
  for (const [k, v] of formEntries(form)) if (!k.startsWith('$') && k.length < 40) values[k] = v.slice(0, 200)
  const parsedDetails = details.safeParse({ firstName: str(form, 'firstName'), lastName: str(form, 'lastName'), phone: str(form, 'phone') })
  const errors: Record<string, string> = parsedDetails.success ? {} : fieldErrors(parsedDetails.error)
  const addresses: z.infer<typeof addressRow>[] = []
  const rows = Math.min(11, Number(str(form, 'addressCount')) || 0)
  for (let i = 0; i < rows; i++) {
    const raw = Object.fromEntries(['label', 'line1', 'line2', 'town', 'county', 'postcode'].map((f) => [f, str(form, `addresses.${i}.${f}`)]))
    if (str(form, `addresses.${i}.remove`) === 'on') continue
    // A blank row (the "add an address" row left empty) is no address
    if (Object.values(raw).every((v) => v.trim() === '')) continue
    const parsed = addressRow.safeParse(raw)
    if (!parsed.success) for (const [k, m] of Object.entries(fieldErrors(parsed.error))) errors[`addresses.${i}.${k}`] ??= m
    else addresses.push(parsed.data)
  }
  if (addresses.length > 10) errors['addresses'] = 'Keep at most ten addresses.'
  if (!parsedDetails.success || Object.keys(errors).length > 0) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: errors, values }
  const payload = await payloadClient()
  await payload.update({
    collection: 'users',
    id: customer.id,
    data: { ...parsedDetails.data, addresses: addresses.map((a) => ({ ...a, country: 'GB' })) },
    overrideAccess: false,
    user: customer,
    depth: 0,
  })
  return { status: 'success', message: 'Your details are saved.' }
}

export async function changePasswordAction(_prev: FormState, form: FormData): Promise<FormState> {
  if (!(await isSameOriginRequest())) return FORBIDDEN
  const customer = await currentCustomer()
  if (!customer) return { status: 'error', message: 'Your session has ended. Sign in again.' }
  const next = str(form, 'newPassword')
  const problem = newPasswordProblem(next, customer)
  if (problem) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: { newPassword: problem } }
  if (next !== str(form, 'confirmPassword')) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: { confirmPassword: 'The two passwords differ.' } }
  const payload = await payloadClient()
  const check = await checkCredentials(payload, { email: customer.email, password: str(form, 'currentPassword'), address: await address(), deviceTokens: await deviceTokens() })
  if (!check.ok) {
    return check.reason === 'throttled'
      ? { status: 'error', message: `Too many failed attempts. Try again in ${check.retryAfterSeconds} seconds.` }
      : { status: 'error', message: 'Check the highlighted fields.', fieldErrors: { currentPassword: 'That is not your current password.' } }
  }
  // Payload keeps only this session (the one whose id is in the user) and signs every other device out.
  // The current password was checked just above (throttled, with this form's field error), so the hook need not check it again.
  await payload.update({ collection: 'users', id: customer.id, data: { password: next }, overrideAccess: false, user: customer, depth: 0, context: { [CREDENTIALS_VERIFIED_CONTEXT_KEY]: true } })
  return { status: 'success', message: 'Your password is changed. Other devices have been signed out.' }
}

// ---------------------------------------------------------------- guest order lookup

/** Lookups are throttled per address like sign-ins: guessing order numbers is as slow as guessing passwords. */
const LOOKUP_POLICY: ThrottlePolicy = { freeFailures: 10, baseBlockMs: 30_000, maxBlockMs: 15 * 60_000, windowMs: 15 * 60_000 }
const NOT_FOUND = 'We could not find an order with that number and email address. Check both against your order confirmation email.'

export async function lookupOrderAction(_prev: LookupState, form: FormData): Promise<LookupState> {
  if (!(await isSameOriginRequest())) return FORBIDDEN
  const values = { orderNumber: str(form, 'orderNumber').slice(0, 40), email: str(form, 'email').slice(0, 254) }
  const parsed = z
    .object({ orderNumber: z.string().trim().toUpperCase().min(1, 'Enter your order number.').max(20, 'Order numbers are at most 20 characters.').refine(isPlainText, 'Enter the order number from your confirmation email.'), email })
    .safeParse(values)
  if (!parsed.success) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: fieldErrors(parsed.error), values }
  const payload = await payloadClient()
  const key = throttleKeys.lookupAddress(await address())
  const decision = await throttleDecision(payload, [key])
  if (!decision.allowed) return { status: 'error', message: `Too many lookups from your connection. Try again in ${retryAfterSeconds(decision.retryAfterMs)} seconds.`, values }
  const found = await payload.find({ collection: 'orders', where: { orderNumber: { equals: parsed.data.orderNumber } }, limit: 1, depth: 0, overrideAccess: true, pagination: false })
  const order = found.docs[0] as Order | undefined
  if (!order || order.email.trim().toLowerCase() !== parsed.data.email) {
    await noteFailure(payload, key, LOOKUP_POLICY)
    return { status: 'error', message: NOT_FOUND, values }
  }
  return { status: 'success', order: { ...toCustomerOrder(order), documents: await orderDocumentLinks(payload, order.id, { guest: true }) }, values }
}
