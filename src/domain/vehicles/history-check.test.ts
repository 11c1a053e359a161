import { describe, expect, it } from 'vitest'
import { publicationProblems, writeOffCategoryOf } from './history-check'

describe('history check', () => {
  it('refuses publication with outstanding finance or a stolen marker, each with its reason', () => {
    expect(publicationProblems(null)).toEqual([])
    expect(publicationProblems({ writeOffCategory: 'N' })).toEqual([])
    expect(publicationProblems({ outstandingFinance: true })).toEqual([expect.stringContaining('outstanding finance')])
    expect(publicationProblems({ outstandingFinance: true, stolen: true })).toHaveLength(2)
  })

  it('knows only categories S and N', () => {
    expect(writeOffCategoryOf('S')).toBe('S')
    expect(writeOffCategoryOf('none')).toBeNull()
    expect(writeOffCategoryOf(null)).toBeNull()
  })
})
