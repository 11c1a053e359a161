// The client auth state machine of spec §4: a pure sign-in reducer, and a session that validates the token once and queues requests meanwhile.

/** The signed-in customer as the sign-in call returns them (spec §3, §7 call 1). */
export interface AuthUser {
  /** Payload ids are numbers on SQLite and PostgreSQL; strings are accepted so a stored user survives a change of backend. */
  readonly id: string | number
  readonly email: string
  readonly nicename: string
  readonly firstName: string
  readonly lastName: string
  readonly displayName: string
}

/**
 * Every variant carries every field so the state stays one flat, serialisable shape for browser storage
 * (spec §4 Persistence); the status tag is what makes impossible combinations unrepresentable.
 */
export type AuthState =
  | { readonly status: 'signed-out'; readonly token: null; readonly user: null; readonly isError: false; readonly errorMessage: null }
  | { readonly status: 'signing-in'; readonly token: null; readonly user: null; readonly isError: false; readonly errorMessage: null }
  | { readonly status: 'signed-in'; readonly token: string; readonly user: AuthUser; readonly isError: false; readonly errorMessage: null }
  | { readonly status: 'failed'; readonly token: null; readonly user: null; readonly isError: true; readonly errorMessage: string }

export type AuthStatus = AuthState['status']

export type AuthEvent =
  | { readonly type: 'SIGN_IN_REQUESTED' }
  | { readonly type: 'SIGN_IN_SUCCEEDED'; readonly token: string; readonly user: AuthUser }
  | { readonly type: 'SIGN_IN_FAILED'; readonly message: string }
  | { readonly type: 'SIGNED_OUT' }

export const INITIAL_AUTH_STATE: AuthState = Object.freeze({
  status: 'signed-out',
  token: null,
  user: null,
  isError: false,
  errorMessage: null,
})

const SIGNING_IN: AuthState = Object.freeze({ status: 'signing-in', token: null, user: null, isError: false, errorMessage: null })

/**
 * Events that do not fit the current state return the same state object, so a late answer to an abandoned
 * sign-in (the customer signed out meanwhile) can never sign them back in.
 */
export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'SIGN_IN_REQUESTED':
      return state.status === 'signed-out' || state.status === 'failed' ? SIGNING_IN : state
    case 'SIGN_IN_SUCCEEDED':
      if (state.status !== 'signing-in') return state
      return { status: 'signed-in', token: event.token, user: { ...event.user }, isError: false, errorMessage: null }
    case 'SIGN_IN_FAILED':
      if (state.status !== 'signing-in') return state
      return { status: 'failed', token: null, user: null, isError: true, errorMessage: event.message }
    case 'SIGNED_OUT':
      return INITIAL_AUTH_STATE
    default:
      return assertNever(event)
  }
}

export function isSignedIn(state: AuthState): state is Extract<AuthState, { status: 'signed-in' }> {
  return state.status === 'signed-in'
}

function assertNever(value: never): never {
  throw new TypeError(`Unknown auth event: ${JSON.stringify(value)}`)
}

/** Where a silently signed-out customer is sent (spec §4, §8). */
export const LOGIN_PATH = '/login'

/** Spec §8: the exact text logged when token validation fails. */
export const TOKEN_VALIDATION_ERROR_MESSAGE = 'Error validating token'

/** Why a request never ran: the caller can tell a dropped request from a failed one. */
export type DroppedReason = 'token-invalid' | 'not-signed-in' | 'signed-out'

const DROPPED_MESSAGES: Record<DroppedReason, string> = {
  'token-invalid': 'Request dropped: the sign-in token failed validation',
  'not-signed-in': 'Request dropped: the customer is not signed in',
  'signed-out': 'Request dropped: the customer signed out before it could run',
}

export class AuthRequestDroppedError extends Error {
  readonly reason: DroppedReason

  constructor(reason: DroppedReason) {
    super(DROPPED_MESSAGES[reason])
    this.name = 'AuthRequestDroppedError'
    this.reason = reason
  }
}

export type AuthedRequest<T> = (token: string) => Promise<T>

export interface AuthSessionDeps {
  /** Spec §7 call 2. Resolving means the token is valid; rejecting means it is not. */
  readonly validateToken: (token: string) => Promise<unknown>
  /** The app dispatches SIGNED_OUT and navigates to `redirectTo`; the session itself knows neither store nor router. */
  readonly onSignedOut: (redirectTo: string) => void
  readonly log: (message: string) => void
  readonly token?: string | null
}

export type TokenCheck = 'none' | 'unchecked' | 'validating' | 'valid'

export interface AuthSession {
  /** Runs `request` with a validated token, validating first (once, however many requests arrive) if needed. */
  run<T>(request: AuthedRequest<T>): Promise<T>
  /** Keep in step with the auth state's token; the same token again keeps its validation, a new one needs checking. */
  setToken(token: string | null): void
  getToken(): string | null
  tokenCheck(): TokenCheck
}

interface Queued {
  readonly start: (token: string) => void
  readonly drop: (error: AuthRequestDroppedError) => void
}

export function createAuthSession(deps: AuthSessionDeps): AuthSession {
  const { validateToken, onSignedOut, log } = deps
  let token: string | null = deps.token ?? null
  let check: TokenCheck = token === null ? 'none' : 'unchecked'
  let queue: Queued[] = []
  // Bumped whenever the token changes, so the answer to a validation of an older token is ignored.
  let generation = 0

  function dropQueue(reason: DroppedReason): void {
    const dropped = queue
    queue = []
    for (const q of dropped) q.drop(new AuthRequestDroppedError(reason))
  }

  function signOutSilently(reason: DroppedReason): void {
    token = null
    check = 'none'
    generation += 1
    dropQueue(reason)
    onSignedOut(LOGIN_PATH)
  }

  function startValidation(current: string): void {
    check = 'validating'
    const mine = generation
    invoke(validateToken, current).then(
      () => {
        if (mine !== generation) return
        check = 'valid'
        const ready = queue
        queue = []
        for (const q of ready) q.start(current)
      },
      () => {
        if (mine !== generation) return
        log(TOKEN_VALIDATION_ERROR_MESSAGE)
        signOutSilently('token-invalid')
      },
    )
  }

  return {
    run<T>(request: AuthedRequest<T>): Promise<T> {
      if (token === null) {
        // No validation to fail, so nothing is logged; the customer is still sent to sign in, as spec §4 asks.
        signOutSilently('not-signed-in')
        return Promise.reject(new AuthRequestDroppedError('not-signed-in'))
      }
      if (check === 'valid') return invoke(request, token)
      return new Promise<T>((resolve, reject) => {
        queue.push({ start: (t) => invoke(request, t).then(resolve, reject), drop: reject })
        if (check === 'unchecked' && token !== null) startValidation(token)
      })
    },

    setToken(next: string | null): void {
      if (next === token) return
      generation += 1
      token = next
      if (next === null) {
        check = 'none'
        dropQueue('signed-out')
        return
      }
      check = 'unchecked'
      // Requests waiting on the old token's check now wait on the new token's instead.
      if (queue.length > 0) startValidation(next)
    },

    getToken: () => token,
    tokenCheck: () => check,
  }
}

/** Turns a synchronous throw into a rejection so one bad callback cannot break the queue. */
function invoke<A, T>(fn: (arg: A) => Promise<T>, arg: A): Promise<T> {
  try {
    return Promise.resolve(fn(arg))
  } catch (error) {
    return Promise.reject(error)
  }
}
