import { describe, expect, it } from 'vitest'
import { jobErrorMessage, jobState } from './job-state'

const now = new Date('2026-11-28T12:00:00Z')

describe('job state in words', () => {
  it('reads done, failed, running, retrying, scheduled and queued from the queue’s fields', () => {
    expect(jobState({ completedAt: '2026-11-28T11:00:00Z' }, now)).toBe('done')
    expect(jobState({ hasError: true, totalTried: 10 }, now)).toBe('failed')
    expect(jobState({ processing: true }, now)).toBe('running')
    expect(jobState({ totalTried: 2, waitUntil: '2026-11-28T12:05:00Z' }, now)).toBe('retrying')
    expect(jobState({ waitUntil: '2026-11-29T03:00:00Z' }, now)).toBe('scheduled')
    expect(jobState({}, now)).toBe('queued')
  })

  it('gives the last error’s message however it was stored, cut to a readable length', () => {
    expect(jobErrorMessage({ message: 'disk full', stack: 'Error: disk full\n at …' })).toBe('disk full')
    expect(jobErrorMessage('timeout')).toBe('timeout')
    expect(jobErrorMessage(null)).toBe('')
    expect(jobErrorMessage('x'.repeat(500), 10)).toBe(`${'x'.repeat(9)}…`)
  })
})
