import { describe, expect, it } from 'vitest'
import { failureLines } from './test-report.mjs'

// The shape of vitest's JSON reporter's output, cut to what the summary reads.
const report = {
  testResults: [
    {
      name: '/repo/tests/int/refunds.int.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { status: 'passed', fullName: 'refunds a line', failureMessages: [] },
        { status: 'failed', fullName: 'refunds > twice at once refunds once', failureMessages: ['\u001b[31mAssertionError: expected 2 to be 1\u001b[39m\n    at refunds.int.test.ts:40:7'] },
      ],
    },
    { name: '/repo/tests/int/broken.int.test.ts', status: 'failed', message: '\n  SyntaxError: Unexpected token', assertionResults: [] },
    { name: '/repo/tests/int/fine.int.test.ts', status: 'passed', message: '', assertionResults: [{ status: 'passed', fullName: 'fine', failureMessages: [] }] },
  ],
}

describe('failureLines', () => {
  it('names each failed test with its file and the first line of its error, without colour codes', () => {
    expect(failureLines(report, '/repo')).toEqual([
      'tests/int/refunds.int.test.ts > refunds > twice at once refunds once: AssertionError: expected 2 to be 1',
      'tests/int/broken.int.test.ts: SyntaxError: Unexpected token',
    ])
  })

  it('says nothing of a run that passed', () => {
    expect(failureLines({ testResults: [report.testResults[2]] }, '/repo')).toEqual([])
  })

  it('stops at the limit and counts the rest', () => {
    const many = { testResults: [{ name: '/repo/a.test.ts', status: 'failed', assertionResults: Array.from({ length: 5 }, (_, i) => ({ status: 'failed', fullName: `t${i}`, failureMessages: ['boom'] })) }] }
    expect(failureLines(many, '/repo', 2)).toEqual(['a.test.ts > t0: boom', 'a.test.ts > t1: boom', '… and 3 more'])
  })
})
