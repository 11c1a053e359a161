import { describe, expect, it } from 'vitest'
import { createPacer } from './pacer'

function clock() {
  let t = 1_000
  const waits: number[] = []
  return { now: () => t, sleep: async (ms: number) => void waits.push(ms), advance: (ms: number) => void (t += ms), waits }
}

describe('createPacer', () => {
  it('lets the first call start at once and gives each next one the start after it', async () => {
    const c = clock()
    const pace = createPacer({ intervalMs: 250, maxWaitMs: 1_000, now: c.now, sleep: c.sleep })
    expect(await Promise.all([pace(), pace(), pace()])).toEqual([true, true, true])
    expect(c.waits).toEqual([250, 500])
  })

  it('refuses a call whose start would be further away than the longest wait, and takes calls again as time passes', async () => {
    const c = clock()
    const pace = createPacer({ intervalMs: 250, maxWaitMs: 500, now: c.now, sleep: c.sleep })
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await pace())
    expect(answers).toEqual([true, true, true, false, false])
    c.advance(750)
    expect(await pace()).toBe(true)
    expect(c.waits).toEqual([250, 500]) // the refused calls took no start, so the next one waits for nothing
  })

  it('does not wait after a quiet spell', async () => {
    const c = clock()
    const pace = createPacer({ intervalMs: 250, maxWaitMs: 500, now: c.now, sleep: c.sleep })
    await pace()
    c.advance(10_000)
    await pace()
    expect(c.waits).toEqual([])
  })
})
