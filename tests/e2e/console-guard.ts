// STYLE #9 for every e2e test: after each test, any console error, page error or failed request on a page it
// opened fails it, unless the test declared it expected with `allow` (tests/e2e/browser.ts).
import { afterEach, expect } from 'vitest'
import { unexpectedProblems } from './browser'

afterEach(() => {
  const problems = unexpectedProblems()
  expect(problems.join('\n'), 'unexpected console errors or failed requests in the browser').toBe('')
})
