// Runs a flow of steps (lib/steps) as one unit of work on whichever database the shop runs. This is the one
// place that knows the difference: PostgreSQL runs the whole flow in one transaction, so a failure rolls every
// step back at once; SQLite's adapter has no interactive transactions, so each step writes as it goes and a
// failure runs the compensations of the steps already done, in reverse order (ADR 007).
import 'server-only'
import type { Payload, PayloadRequest } from 'payload'
import { keyedLock } from '../lib/keyed-lock'
import { answerOfHalt, createStep, Halt, runFlow, type RunStep, type Step } from '../lib/steps'
import { beginTransaction, commitTransaction, execute, rollbackTransaction, type TransactionId } from './sql.server'

export interface Unit {
  readonly payload: Payload
  /** The PostgreSQL transaction the steps write in; null on SQLite. */
  readonly transactionID: TransactionId
  /** Joins Payload's Local API calls to the transaction. */
  readonly req: Partial<PayloadRequest>
}

export type UnitStep<I, O> = Step<I, O, Unit>

/** A step of a unit of work. Its compensation undoes its database writes; it runs only where no rollback does. */
export const unitStep = <I, O>(name: string, invoke: (input: I, unit: Unit) => Promise<O>, compensate?: (output: O, input: I, unit: Unit) => Promise<void>): UnitStep<I, O> =>
  createStep(name, invoke, compensate)

/** Ends a unit of work with an answer for its caller (a refusal): every step is undone, and `runUnit` answers it. */
export const halt = <R>(answer: R): Halt<R> => new Halt(answer)

/** SQLite is served by one process (ADR 008): a lock in this process is a lock on the database. */
const sqliteKeys = keyedLock<string>()

/**
 * Runs `body` as one unit of work and answers what it returns, or the answer of a `halt` it threw. With a `key`,
 * units with the same key run one at a time across every process (a PostgreSQL advisory lock held by the
 * unit's transaction; on SQLite a lock in this process), so a unit can look for what an earlier one with its
 * key wrote and answer that, instead of writing it twice.
 */
export async function runUnit<T, R>(payload: Payload, options: { readonly name: string; readonly key?: string }, body: (run: RunStep<Unit>, unit: Unit) => Promise<T>): Promise<T | R> {
  const transactionID = await beginTransaction(payload)
  const unit: Unit = { payload, transactionID, req: transactionID != null ? { transactionID } : {} }
  if (transactionID == null) {
    const flow = () =>
      runFlow(unit, { compensate: true, onCompensationFailed: (error, step) => payload.logger.error({ err: error, unit: options.name, step }, 'a step could not be undone') }, (run) => body(run, unit))
    return (options.key != null ? sqliteKeys(options.key, flow) : flow()).catch(answerOfHalt<R>)
  }
  try {
    if (options.key != null) await execute(payload, transactionID, { sql: 'SELECT pg_advisory_xact_lock(hashtext(?))', args: [options.key] })
    const result = await runFlow(unit, { compensate: false }, (run) => body(run, unit))
    await commitTransaction(payload, transactionID)
    return result
  } catch (error) {
    await rollbackTransaction(payload, transactionID)
    return answerOfHalt<R>(error)
  }
}
