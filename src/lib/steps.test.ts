// The step runner: steps run in order, a failure undoes the steps done in reverse order with what each
// returned, a failing compensation is reported without stopping the others, and a halt carries its answer.
import { describe, expect, it } from 'vitest'
import { createStep, Halt, runFlow } from './steps'

type Log = string[]

const recorded = (name: string, fail = false) =>
  createStep(
    name,
    async (input: number, log: Log) => {
      log.push(`${name}(${input})`)
      if (fail) throw new Error(`${name} failed`)
      return input * 10
    },
    async (output, input, log) => {
      log.push(`undo ${name}(${input}) → ${output}`)
    },
  )

describe('runFlow', () => {
  it('runs the steps in order, hands each output on and answers what the flow returns', async () => {
    const log: Log = []
    const result = await runFlow(log, { compensate: true }, async (run) => {
      const a = await run(recorded('a'), 1)
      const b = await run(recorded('b'), a + 1)
      return b
    })
    expect(result).toBe(110)
    expect(log).toEqual(['a(1)', 'b(11)'])
  })

  it('undoes the steps done, in reverse order, with each one’s own output and input, then throws the failure', async () => {
    const log: Log = []
    const flow = runFlow(log, { compensate: true }, async (run) => {
      await run(recorded('a'), 1)
      await run(recorded('b'), 2)
      await run(recorded('c', true), 3)
      await run(recorded('d'), 4)
    })
    await expect(flow).rejects.toThrow('c failed')
    expect(log).toEqual(['a(1)', 'b(2)', 'c(3)', 'undo b(2) → 20', 'undo a(1) → 10'])
  })

  it('undoes the steps when the flow itself throws between them, and skips steps without a compensation', async () => {
    const log: Log = []
    const read = createStep('read', async (input: number, l: Log) => {
      l.push(`read(${input})`)
      return input
    })
    const flow = runFlow(log, { compensate: true }, async (run) => {
      await run(recorded('a'), 1)
      await run(read, 2)
      throw new Error('refused')
    })
    await expect(flow).rejects.toThrow('refused')
    expect(log).toEqual(['a(1)', 'read(2)', 'undo a(1) → 10'])
  })

  it('reports a compensation that fails, runs the ones before it all the same, and throws the original failure', async () => {
    const log: Log = []
    const reported: [string, string][] = []
    const broken = createStep(
      'broken',
      async (input: number) => input,
      async () => {
        throw new Error('could not undo')
      },
    )
    const flow = runFlow(log, { compensate: true, onCompensationFailed: (error, step) => reported.push([step, (error as Error).message]) }, async (run) => {
      await run(recorded('a'), 1)
      await run(broken, 2)
      await run(recorded('c', true), 3)
    })
    await expect(flow).rejects.toThrow('c failed')
    expect(reported).toEqual([['broken', 'could not undo']])
    expect(log).toEqual(['a(1)', 'c(3)', 'undo a(1) → 10'])
  })

  it('runs no compensation when something else undoes the work (a transaction’s rollback)', async () => {
    const log: Log = []
    const flow = runFlow(log, { compensate: false }, async (run) => {
      await run(recorded('a'), 1)
      await run(recorded('b', true), 2)
    })
    await expect(flow).rejects.toThrow('b failed')
    expect(log).toEqual(['a(1)', 'b(2)'])
  })

  it('a halt is a failure like any other: the steps are undone and the halt, with its answer, reaches the caller', async () => {
    const log: Log = []
    const refusal = { ok: false, code: 'sold_out' }
    const flow = runFlow(log, { compensate: true }, async (run) => {
      await run(recorded('a'), 1)
      throw new Halt(refusal)
    })
    const error = await flow.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Halt)
    expect((error as Halt<typeof refusal>).answer).toBe(refusal)
    expect(log).toEqual(['a(1)', 'undo a(1) → 10'])
  })

  it('a flow that succeeds undoes nothing', async () => {
    const log: Log = []
    await runFlow(log, { compensate: true }, async (run) => {
      await run(recorded('a'), 1)
    })
    expect(log).toEqual(['a(1)'])
  })
})
