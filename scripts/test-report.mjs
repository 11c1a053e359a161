// What a vitest JSON report says failed, in lines short enough for the end of `npm test`'s summary.
import path from 'node:path'

/**
 * The failed tests of a vitest JSON report, one line each (file, test and the first line of its error), so that the
 * summary at the end of a long log says what failed without anyone scrolling back through it. At most `limit` lines.
 */
export function failureLines(report, base, limit = 20) {
  const found = []
  for (const suite of report.testResults ?? []) {
    const file = path.relative(base, suite.name ?? '')
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed')
    if (suite.status === 'failed' && failedTests.length === 0) found.push(`${file}: ${firstLine(suite.message)}`)
    for (const t of failedTests) found.push(`${file} > ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`)
  }
  return found.length > limit ? [...found.slice(0, limit), `… and ${found.length - limit} more`] : found
}

function firstLine(text) {
  // Colour codes (the runs are forced to colour) are dropped: the summary is read as plain text.
  // eslint-disable-next-line no-control-regex -- ESC is what starts a colour code
  const line = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? 'no message'
  return line.trim().slice(0, 300)
}
