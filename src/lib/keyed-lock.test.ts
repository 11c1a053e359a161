// The per-key lock runs work for one key in order, lets other keys run alongside, and survives a failure.
import { describe, expect, it } from 'vitest'
import { keyedLock } from './keyed-lock'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('keyedLock', () => {
  it('runs the work for one key one at a time, in the order it was asked for', async () => {
    const lock = keyedLock<number>()
    const log: string[] = []
    const job = (name: string) => async () => {
      log.push(`${name} start`)
      await tick()
      log.push(`${name} end`)
      return name
    }
    const results = await Promise.all([lock(1, job('a')), lock(1, job('b')), lock(2, job('c'))])
    expect(results).toEqual(['a', 'b', 'c'])
    expect(log.indexOf('b start')).toBeGreaterThan(log.indexOf('a end'))
    expect(log.indexOf('c start')).toBeLessThan(log.indexOf('a end'))
  })

  it('passes a failure to its caller and still runs the next piece of work', async () => {
    const lock = keyedLock<string>()
    const failing = lock('k', async () => {
      throw new Error('boom')
    })
    const next = lock('k', async () => 'ran')
    await expect(failing).rejects.toThrow('boom')
    await expect(next).resolves.toBe('ran')
  })
})
