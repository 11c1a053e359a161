import { describe, expect, it } from 'vitest'
import { importProgress } from './progress'

describe('import progress', () => {
  it('waits at zero while queued', () => {
    expect(importProgress({ status: 'queued', total: 500, done: 0, refused: 0 })).toEqual({ value: 0, max: 500, percent: 0, finished: false, summary: 'Waiting to start: 0 of 500 rows done.' })
  })

  it('counts written and refused rows while running, with the errors so far', () => {
    expect(importProgress({ status: 'running', total: 1200, done: 400, refused: 5 })).toEqual({ value: 405, max: 1200, percent: 34, finished: false, summary: '405 of 1,200 rows done, 5 errors so far.' })
    expect(importProgress({ status: 'running', total: 10, done: 1, refused: 1 }).summary).toBe('2 of 10 rows done, 1 error so far.')
  })

  it('never reads as done before the job has finished', () => {
    const p = importProgress({ status: 'running', total: 8, done: 6, refused: 3 })
    expect([p.value, p.finished]).toEqual([7, false])
  })

  it('is full once done, whatever the counts', () => {
    expect(importProgress({ status: 'done', total: 8, done: 3, refused: 5 })).toEqual({ value: 8, max: 8, percent: 100, finished: true, summary: 'Finished: 8 of 8 rows done, 5 errors.' })
    expect(importProgress({ status: 'done', total: 0, done: 0, refused: 0 })).toMatchObject({ value: 0, max: 1, percent: 100, finished: true })
  })

  it('says when a try stopped and when the import failed for good', () => {
    expect(importProgress({ status: 'running', total: 10, done: 4, refused: 0, error: 'database is locked' }).summary).toBe('4 of 10 rows done, 0 errors so far (the last try stopped: database is locked; it is tried again).')
    expect(importProgress({ status: 'failed', total: 10, done: 4, refused: 1, error: 'disk full' })).toMatchObject({ value: 5, finished: true, summary: 'Stopped after 5 of 10 rows, 1 error. Reason: disk full' })
  })

  it('takes junk counts as zero', () => {
    expect(importProgress({ status: 'running', total: Number.NaN, done: -3, refused: 2.7 })).toMatchObject({ value: 0, max: 1, percent: 0 })
  })
})
