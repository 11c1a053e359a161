// Work written as steps, each declaring its action and, beside it, how to undo it (after Medusa's
// createStep(invoke, compensate)). A flow runs its steps in order; when one fails, the compensations of the
// steps already done run in reverse order, each given exactly what its action returned.

export interface Step<I, O, X> {
  readonly name: string
  readonly invoke: (input: I, context: X) => Promise<O>
  /** Undoes what `invoke` did; given its output and its input. */
  readonly compensate?: (output: O, input: I, context: X) => Promise<void>
}

export function createStep<I, O, X>(name: string, invoke: (input: I, context: X) => Promise<O>, compensate?: (output: O, input: I, context: X) => Promise<void>): Step<I, O, X> {
  return { name, invoke, compensate }
}

/** Runs one step of a flow and answers its output. */
export type RunStep<X> = <I, O>(step: Step<I, O, X>, input: I) => Promise<O>

/** A deliberate end of a flow with an answer for its caller (a refusal): compensated like any failure, then answered. */
export class Halt<R> extends Error {
  constructor(readonly answer: R) {
    super('flow halted')
  }
}

/** The answer of a halt, for a flow's caller; any other failure is thrown on. */
export function answerOfHalt<R>(error: unknown): R {
  if (error instanceof Halt) return error.answer as R
  throw error
}

export interface FlowOptions {
  /** false when something else undoes the steps' work as a whole (a database transaction's rollback). */
  readonly compensate: boolean
  /** A compensation that failed: reported, and the remaining compensations still run. */
  readonly onCompensationFailed?: (error: unknown, step: string) => void
}

/**
 * Runs `body`, whose steps go through the `run` it is handed. When `body` throws, the compensations of the
 * steps that completed run in reverse order (when `options.compensate`), then the error is thrown again.
 */
export async function runFlow<X, T>(context: X, options: FlowOptions, body: (run: RunStep<X>) => Promise<T>): Promise<T> {
  const done: { readonly name: string; readonly undo: () => Promise<void> }[] = []
  const run: RunStep<X> = async (step, input) => {
    const output = await step.invoke(input, context)
    const compensate = step.compensate
    if (compensate) done.push({ name: step.name, undo: () => compensate(output, input, context) })
    return output
  }
  try {
    return await body(run)
  } catch (error) {
    if (options.compensate) {
      for (const step of done.reverse()) {
        try {
          await step.undo()
        } catch (failure) {
          options.onCompensationFailed?.(failure, step.name)
        }
      }
    }
    throw error
  }
}
