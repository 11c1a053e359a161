// The storefront's cookie session (Payload's own payload-token cookie): who is signed in, signing in and out.
import 'server-only'
import { cookies, headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { createLocalReq, logoutOperation, type Payload } from 'payload'
import { cookieIsSecure } from '../../cms/auth/cookie-security'
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, deviceTokensFromCookieValue, issueDeviceToken, nextDeviceCookieValue } from '../../cms/auth/known-device'
import { payloadClient } from '../../cms/payload-client.server'
import { signedInAccount } from '../../cms/auth/session.server'
import { env } from '../../config/env'
import { isSameOrigin } from '../../lib/http/same-origin'
import type { User } from '../../payload-types'
import { paths } from '../../config/paths'

export type Customer = User & { collection: 'users'; _sid?: string }

function cookieName(payload: Payload): string {
  return `${payload.config.cookiePrefix}-token`
}

/**
 * The signed-in user of this request, or null. A session cookie that no longer validates (expired, signed
 * out elsewhere, password changed) is spec §8's token validation failure: logged as 'Error validating token'
 * and treated as signed out, so account pages send the customer to /login without an error page.
 */
export async function currentCustomer(): Promise<Customer | null> {
  const payload = await payloadClient()
  const requestHeaders = await headers()
  const user = await signedInAccount(payload, requestHeaders)
  if (user) return user as Customer
  if (requestHeaders.get('cookie')?.includes(`${cookieName(payload)}=`)) payload.logger.warn('Error validating token')
  return null
}

/** For pages that need sign-in: the user, or a redirect to /login that comes back to `returnTo`. */
export async function requireCustomer(returnTo: string): Promise<Customer> {
  const customer = await currentCustomer()
  if (!customer) redirect(paths.login(returnTo))
  return customer
}

/** Sets the session cookie exactly as Payload's REST login would: HttpOnly, SameSite=Lax, Secure over HTTPS. */
export async function setSessionCookie(payload: Payload, token: string, exp: number | undefined): Promise<void> {
  const jar = await cookies()
  jar.set(cookieName(payload), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieIsSecure(env().SITE_URL),
    path: '/',
    expires: exp ? new Date(exp * 1000) : undefined,
  })
}

/** The known-device tokens this browser holds (ADR 009). */
export async function deviceTokens(): Promise<string[]> {
  return deviceTokensFromCookieValue((await cookies()).get(DEVICE_COOKIE)?.value)
}

/** Marks this browser as a known device of `userId` after a successful sign-in, keeping other accounts' tokens. */
export async function rememberDevice(userId: number | string): Promise<void> {
  const jar = await cookies()
  const value = nextDeviceCookieValue(deviceTokensFromCookieValue(jar.get(DEVICE_COOKIE)?.value), issueDeviceToken(userId), userId)
  jar.set(DEVICE_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure: cookieIsSecure(env().SITE_URL), path: '/', maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS })
}

/** Ends this browser's session: removes it from the user's sessions (so the token no longer works anywhere) and clears the cookie. */
export async function endSession(): Promise<void> {
  const payload = await payloadClient()
  const customer = await currentCustomer()
  if (customer) {
    const req = await createLocalReq({ user: customer as never }, payload)
    await logoutOperation({ collection: payload.collections.users, req } as never).catch((error: unknown) => {
      payload.logger.warn({ err: error }, 'sign-out could not remove the session')
    })
  }
  const jar = await cookies()
  jar.set(cookieName(payload), '', { httpOnly: true, sameSite: 'lax', secure: cookieIsSecure(env().SITE_URL), path: '/', maxAge: 0 })
}

/**
 * CSRF defence in depth for cookie-authenticated changes (Next also compares Origin and Host for server actions):
 * a browser's Origin must be this shop's. Requests a browser marks cross-site are refused even without Origin.
 */
export async function isSameOriginRequest(): Promise<boolean> {
  return isSameOrigin(await headers(), env().SITE_URL)
}
