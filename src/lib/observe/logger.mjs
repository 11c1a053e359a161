// One logger for the whole process: server.mjs, Next's app code and Payload write the same JSON lines
// through one pino instance: `level` as a word, `time` as ISO 8601, `service`, and the `requestId` of the request
// the line was written for. The request is known from an AsyncLocalStorage that server.mjs enters around each
// request; it is kept on globalThis, so the copy of this module that Next bundles and the one server.mjs imports
// share it. Plain JavaScript so that server.mjs (run by Node as it is) can import it too.
import { AsyncLocalStorage } from 'node:async_hooks'
import { format } from 'node:util'
import pino from 'pino'

const KEY = Symbol.for('wheelhouse.logging')

/** @typedef {{ requestId: string }} RequestContext */
/** @returns {{ context: AsyncLocalStorage<RequestContext>, logger: import('pino').Logger | null, consoleRouted: boolean }} */
function shared() {
  const store = /** @type {Record<symbol, unknown>} */ (globalThis)
  store[KEY] ??= { context: new AsyncLocalStorage(), logger: null, consoleRouted: false }
  return /** @type {any} */ (store[KEY])
}

/** The pino options every logger of the shop uses. */
export function logOptions() {
  const state = shared()
  return {
    level: process.env.LOG_LEVEL || 'info',
    base: { service: 'wheelhouse' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (/** @type {string} */ label) => ({ level: label }) },
    mixin: () => {
      const context = state.context.getStore()
      return context ? { requestId: context.requestId } : {}
    },
  }
}

/**
 * The process's logger (made on first use). It writes to stdout synchronously: a line is out before the next
 * statement runs, so nothing logged is lost when the process is killed (the crash tests use SIGKILL).
 */
export function logger() {
  const state = shared()
  state.logger ??= pino(logOptions(), pino.destination({ fd: 1, sync: true }))
  return state.logger
}

/** Runs `fn` as the handling of one request: every line logged inside it, however deep, carries `requestId`. */
export function runWithRequest(/** @type {string} */ requestId, /** @type {() => void} */ fn) {
  return shared().context.run({ requestId }, fn)
}

/** The id of the request being handled, if any. */
export function currentRequestId() {
  return shared().context.getStore()?.requestId
}

/**
 * Sends console.log/info/warn/error/debug through the logger, so that Next's and any library's messages are JSON
 * lines with the request id too (once per process).
 */
export function routeConsoleToLogger() {
  const state = shared()
  if (state.consoleRouted) return
  state.consoleRouted = true
  const log = logger()
  /** @type {Array<[ 'log' | 'info' | 'warn' | 'error' | 'debug', 'info' | 'warn' | 'error' | 'debug' ]>} */
  const levels = [['log', 'info'], ['info', 'info'], ['warn', 'warn'], ['error', 'error'], ['debug', 'debug']]
  for (const [method, level] of levels) {
    // eslint-disable-next-line no-console -- replacing the console methods is the point: their output becomes JSON lines
    console[method] = (...args) => {
      const error = args.find((a) => a instanceof Error)
      if (error) log[level]({ err: error }, format(...args.filter((a) => a !== error)) || error.message)
      else log[level](format(...args))
    }
  }
}
