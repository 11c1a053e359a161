import { describe, expect, it, vi } from 'vitest'
import {
  authReducer,
  AuthRequestDroppedError,
  createAuthSession,
  INITIAL_AUTH_STATE,
  isSignedIn,
  LOGIN_PATH,
  TOKEN_VALIDATION_ERROR_MESSAGE,
  type AuthEvent,
  type AuthState,
  type AuthUser,
} from './auth-machine'

const user: AuthUser = { id: 7, email: 'rider@example.co.uk', nicename: 'rider', firstName: 'Ada', lastName: 'Rider', displayName: 'Ada Rider' }

function run(...events: AuthEvent[]): AuthState {
  return events.reduce(authReducer, INITIAL_AUTH_STATE)
}

const requested: AuthEvent = { type: 'SIGN_IN_REQUESTED' }
const succeeded: AuthEvent = { type: 'SIGN_IN_SUCCEEDED', token: 'tok-1', user }
const failed: AuthEvent = { type: 'SIGN_IN_FAILED', message: 'Incorrect password' }
const signedOut: AuthEvent = { type: 'SIGNED_OUT' }

describe('authReducer', () => {
  it('starts signed out with nothing stored, and survives a JSON round trip', () => {
    expect(INITIAL_AUTH_STATE).toEqual({ status: 'signed-out', token: null, user: null, isError: false, errorMessage: null })
    expect(JSON.parse(JSON.stringify(INITIAL_AUTH_STATE))).toEqual(INITIAL_AUTH_STATE)
  })

  it('signed out → signing in on SIGN_IN_REQUESTED', () => {
    expect(run(requested)).toEqual({ status: 'signing-in', token: null, user: null, isError: false, errorMessage: null })
  })

  it('signing in → signed in on SIGN_IN_SUCCEEDED, storing the token and every user field', () => {
    const state = run(requested, succeeded)
    expect(state).toEqual({ status: 'signed-in', token: 'tok-1', user, isError: false, errorMessage: null })
    expect(isSignedIn(state)).toBe(true)
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)
  })

  it('signing in → failed on SIGN_IN_FAILED, setting the error flag and keeping the message', () => {
    const state = run(requested, failed)
    expect(state).toEqual({ status: 'failed', token: null, user: null, isError: true, errorMessage: 'Incorrect password' })
    expect(isSignedIn(state)).toBe(false)
  })

  it('failed → signing in on a retry, clearing the error', () => {
    expect(run(requested, failed, requested)).toEqual(run(requested))
  })

  it('SIGNED_OUT clears token and user from every state', () => {
    for (const state of [run(requested), run(requested, succeeded), run(requested, failed), INITIAL_AUTH_STATE]) {
      expect(authReducer(state, signedOut)).toEqual(INITIAL_AUTH_STATE)
    }
    expect(run(requested, succeeded, signedOut).token).toBeNull()
    expect(run(requested, succeeded, signedOut).user).toBeNull()
  })

  it('ignores a sign-in answer that arrives when no sign-in is running', () => {
    const out = INITIAL_AUTH_STATE
    expect(authReducer(out, succeeded)).toBe(out)
    expect(authReducer(out, failed)).toBe(out)
    // The customer signed out while the request was in flight: the late answer must not sign them back in.
    expect(run(requested, signedOut, succeeded)).toEqual(INITIAL_AUTH_STATE)
    const signedIn = run(requested, succeeded)
    expect(authReducer(signedIn, failed)).toBe(signedIn)
    expect(authReducer(signedIn, { ...succeeded, token: 'other' })).toBe(signedIn)
  })

  it('ignores SIGN_IN_REQUESTED while already signing in or signed in', () => {
    const signingIn = run(requested)
    expect(authReducer(signingIn, requested)).toBe(signingIn)
    const signedIn = run(requested, succeeded)
    expect(authReducer(signedIn, requested)).toBe(signedIn)
  })

  it('does not mutate the state it is given', () => {
    const before = run(requested)
    const snapshot = JSON.stringify(before)
    authReducer(before, succeeded)
    expect(JSON.stringify(before)).toBe(snapshot)
  })
})

/** A promise the test settles by hand, so the order of events is explicit rather than timer-driven. */
function deferred<T = void>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function setup(token: string | null = 'tok-1') {
  const check = deferred<unknown>()
  const validateToken = vi.fn((_token: string) => check.promise)
  const onSignedOut = vi.fn<(redirectTo: string) => void>()
  const log = vi.fn<(message: string) => void>()
  const session = createAuthSession({ validateToken, onSignedOut, log, token })
  return { session, check, validateToken, onSignedOut, log }
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('createAuthSession', () => {
  it('queues requests while the token is checked, then runs them in order with the token', async () => {
    const { session, check, validateToken } = setup('tok-1')
    const calls: string[] = []
    const request = (name: string) => async (token: string) => {
      calls.push(`${name}:${token}`)
      return name
    }

    const a = session.run(request('a'))
    const b = session.run(request('b'))
    const c = session.run(request('c'))
    await flush()
    expect(session.tokenCheck()).toBe('validating')
    expect(calls).toEqual([])

    check.resolve({ code: 'jwt_auth_valid_token' })
    await expect(Promise.all([a, b, c])).resolves.toEqual(['a', 'b', 'c'])
    expect(calls).toEqual(['a:tok-1', 'b:tok-1', 'c:tok-1'])
    expect(validateToken).toHaveBeenCalledWith('tok-1')
  })

  it('validates only once for several concurrent requests', async () => {
    const { session, check, validateToken } = setup()
    const all = Promise.all([1, 2, 3, 4].map((n) => session.run(async () => n)))
    await flush()
    expect(validateToken).toHaveBeenCalledTimes(1)
    check.resolve(undefined)
    await expect(all).resolves.toEqual([1, 2, 3, 4])
    expect(validateToken).toHaveBeenCalledTimes(1)
  })

  it('runs a request at once after a successful check, without validating again', async () => {
    const { session, check, validateToken } = setup()
    const first = session.run(async () => 'first')
    check.resolve(undefined)
    await first
    expect(session.tokenCheck()).toBe('valid')

    const later = vi.fn(async (token: string) => token)
    const result = session.run(later)
    // Called synchronously: nothing waits on a check any more.
    expect(later).toHaveBeenCalledWith('tok-1')
    await expect(result).resolves.toBe('tok-1')
    expect(validateToken).toHaveBeenCalledTimes(1)
  })

  it('validates again once the token is cleared and a new one set', async () => {
    const { session, check, validateToken } = setup()
    const first = session.run(async () => 1)
    check.resolve(undefined)
    await first

    session.setToken('tok-1')
    expect(session.tokenCheck()).toBe('valid')

    session.setToken(null)
    session.setToken('tok-2')
    expect(session.tokenCheck()).toBe('unchecked')
    const second = session.run(async (token) => token)
    await expect(second).resolves.toBe('tok-2')
    expect(validateToken).toHaveBeenCalledTimes(2)
    expect(validateToken).toHaveBeenLastCalledWith('tok-2')
  })

  it('on a failed check: logs the exact message, signs out silently to /login and drops the queue', async () => {
    const { session, check, onSignedOut, log } = setup()
    const neverRun = vi.fn(async () => 'ran')
    const a = session.run(neverRun)
    const b = session.run(neverRun)

    check.reject(new Error('403 jwt_auth_invalid_token'))
    const results = await Promise.allSettled([a, b])

    expect(neverRun).not.toHaveBeenCalled()
    for (const r of results) {
      expect(r.status).toBe('rejected')
      const reason = (r as PromiseRejectedResult).reason as unknown
      expect(reason).toBeInstanceOf(AuthRequestDroppedError)
      expect((reason as AuthRequestDroppedError).reason).toBe('token-invalid')
      expect((reason as AuthRequestDroppedError).message).toMatch(/token failed validation/)
    }
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith('Error validating token')
    expect(TOKEN_VALIDATION_ERROR_MESSAGE).toBe('Error validating token')
    expect(onSignedOut).toHaveBeenCalledTimes(1)
    expect(onSignedOut).toHaveBeenCalledWith(LOGIN_PATH)
    expect(LOGIN_PATH).toBe('/login')
    expect(session.getToken()).toBeNull()
    expect(session.tokenCheck()).toBe('none')
  })

  it('treats a validator that throws synchronously as a failed check', async () => {
    const onSignedOut = vi.fn()
    const log = vi.fn()
    const session = createAuthSession({
      validateToken: () => {
        throw new Error('boom')
      },
      onSignedOut,
      log,
      token: 'tok-1',
    })
    await expect(session.run(async () => 1)).rejects.toBeInstanceOf(AuthRequestDroppedError)
    expect(log).toHaveBeenCalledWith('Error validating token')
    expect(onSignedOut).toHaveBeenCalledWith('/login')
  })

  it('with no token: signs out silently to /login without calling validateToken', async () => {
    const { session, validateToken, onSignedOut, log } = setup(null)
    const request = vi.fn(async () => 'ran')

    const result = session.run(request)

    await expect(result).rejects.toMatchObject({ name: 'AuthRequestDroppedError', reason: 'not-signed-in' })
    expect(request).not.toHaveBeenCalled()
    expect(validateToken).not.toHaveBeenCalled()
    expect(onSignedOut).toHaveBeenCalledWith('/login')
    expect(log).not.toHaveBeenCalled()
  })

  it('after a silent sign-out, later requests need a new token', async () => {
    const { session, check, validateToken, onSignedOut } = setup()
    const first = session.run(async () => 1)
    check.reject(new Error('invalid'))
    await expect(first).rejects.toBeInstanceOf(AuthRequestDroppedError)

    await expect(session.run(async () => 2)).rejects.toMatchObject({ reason: 'not-signed-in' })
    expect(validateToken).toHaveBeenCalledTimes(1)
    expect(onSignedOut).toHaveBeenCalledTimes(2)
  })

  it('drops queued requests without a redirect when the customer signs out mid-check, ignoring the late answer', async () => {
    const { session, check, onSignedOut, log } = setup()
    const request = vi.fn(async () => 'ran')
    const pending = session.run(request)

    session.setToken(null)
    await expect(pending).rejects.toMatchObject({ reason: 'signed-out' })

    check.resolve(undefined)
    await flush()
    expect(request).not.toHaveBeenCalled()
    expect(onSignedOut).not.toHaveBeenCalled()
    expect(log).not.toHaveBeenCalled()
  })

  it('moves queued requests onto a new token set mid-check', async () => {
    const oldCheck = deferred<unknown>()
    const newCheck = deferred<unknown>()
    const validateToken = vi.fn((token: string) => (token === 'old' ? oldCheck.promise : newCheck.promise))
    const onSignedOut = vi.fn()
    const log = vi.fn()
    const session = createAuthSession({ validateToken, onSignedOut, log, token: 'old' })

    const pending = session.run(async (token) => token)
    session.setToken('new')
    oldCheck.reject(new Error('expired'))
    await flush()
    expect(log).not.toHaveBeenCalled()
    newCheck.resolve(undefined)

    await expect(pending).resolves.toBe('new')
    expect(validateToken.mock.calls.map(([t]) => t)).toEqual(['old', 'new'])
    expect(onSignedOut).not.toHaveBeenCalled()
  })

  it("passes a queued request's own failure back to its caller without touching the others", async () => {
    const { session, check, onSignedOut } = setup()
    const bad = session.run(async () => {
      throw new Error('orders API down')
    })
    const good = session.run(async () => 'ok')
    check.resolve(undefined)
    await expect(bad).rejects.toThrow('orders API down')
    await expect(good).resolves.toBe('ok')
    expect(onSignedOut).not.toHaveBeenCalled()
  })
})
