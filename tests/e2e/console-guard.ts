// STYLE #9 for every e2e test: after each test, any console error, page error or failed request on a page it
// opened fails it, unless the test declared it expected with `allow` (tests/e2e/browser.ts). The test's
// pages are closed first, so nothing a page does after its test ends is charged to the next one.
import { afterEach, expect } from 'vitest'
import { endOfTestProblems } from './browser'

afterEach(async () => {
  const problems = await endOfTestProblems()
  expect(problems.join('\n'), 'unexpected console errors or failed requests in the browser').toBe('')
})
