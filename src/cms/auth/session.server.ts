// Who a request is signed in as: the one seam every layer above cms uses (pages, routes, features), so no caller
// pays for payload.auth's permission maps just to learn an id.
import 'server-only'
import { executeAuthStrategies, type Payload } from 'payload'

/** The user Payload's strategies find for a request (session cookie or API key), as payload.auth types it. */
export type SignedInUser = NonNullable<Awaited<ReturnType<Payload['auth']>>['user']> & { readonly _strategy?: string }

/**
 * Who a request is signed in as, by Payload's own strategies (session cookie, API key), or null for a visitor
 * or a token that does not validate. Not payload.auth: that also works out the user's permissions on every
 * collection and field, which no caller here reads, and which was the largest single cost of a guest's checkout
 * (docs/perf-log.md).
 */
export async function signedInUser(payload: Payload, requestHeaders: Headers): Promise<SignedInUser | null> {
  const { user } = await executeAuthStrategies({ headers: requestHeaders, payload, canSetHeaders: false } as Parameters<typeof executeAuthStrategies>[0]).catch(() => ({ user: null }))
  return (user as SignedInUser | null) ?? null
}

/** The signed-in customer account (the users collection) of a request, or null. */
export async function signedInAccount(payload: Payload, requestHeaders: Headers): Promise<(SignedInUser & { collection: 'users' }) | null> {
  const user = await signedInUser(payload, requestHeaders)
  return user && user.collection === 'users' ? (user as SignedInUser & { collection: 'users' }) : null
}

/** The id of the customer signed in on a request (cookie or API token), or null for a visitor or a bad token. */
export async function signedInCustomerId(payload: Payload, requestHeaders: Headers): Promise<number | null> {
  const user = await signedInAccount(payload, requestHeaders)
  return user ? Number(user.id) : null
}
