// Browser fixtures for e2e tests: a Chromium page that fails the test on console errors, and the browser gate
// (./page-checks.ts: axe, undecided contrasts, invisible controls) on every page a test opens.
import { chromium, type Browser, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { CHROMIUM_ARGS } from './chromium'
import { pageFindings, type ContrastExplanation } from './page-checks'

let browser: Browser | undefined

export async function openBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS })
  return browser
}

export async function closeBrowser() {
  await browser?.close()
  browser = undefined
}

export interface TrackedPage {
  page: Page
  /** console errors and failed requests seen so far */
  problems: string[]
  /** Declares problems this test expects (a refused request it makes on purpose): they do not fail it. */
  allow: (...patterns: RegExp[]) => void
  /** Accepts axe's undecided contrast on the nodes whose target matches, saying why (the gate fails on any other). */
  explainContrast: (target: RegExp, why: string) => void
}

interface Opened {
  page: Page
  problems: string[]
  allowed: RegExp[]
  explained: ContrastExplanation[]
  /** the gate's checks on this page, one at a time (axe refuses to run twice at once in one page) */
  checks: Promise<unknown>
  close: () => Promise<void>
}

/** Every page opened since the last check, with what each is allowed (see ./console-guard.ts). */
const opened: Opened[] = []

/** Runs `check` after the page's earlier checks; a page that navigates or closes meanwhile just skips it. */
function queueCheck(entry: Opened, check: () => Promise<string[]>): Promise<string[]> {
  const run = entry.checks.then(check).catch((e: unknown) => {
    const message = e instanceof Error ? e.message : String(e)
    if (/context was destroyed|Target .*closed|has been closed|navigat/i.test(message)) return []
    return [`the browser gate could not check ${entry.page.url()}: ${message}`]
  })
  entry.checks = run
  return run
}

/** The gate on a page as it is now: contrast only while a test is running, everything at its end. */
function gate(entry: Opened, full: boolean): Promise<string[]> {
  return queueCheck(entry, async () => {
    if (entry.page.isClosed()) return []
    const url = entry.page.url()
    const findings = await pageFindings(entry.page, entry.explained, full ? undefined : ['color-contrast'])
    return findings.map((f) => `${url}: ${f}`)
  })
}

/**
 * At the end of a test: closes every page it opened (so a page left open cannot report a request after its
 * server stopped, in the next test's name), then answers the problems on them that no test declared, and
 * forgets them. STYLE #9: an unexpected console error or failed request fails the test that saw it.
 */
export async function endOfTestProblems(): Promise<string[]> {
  const pages = opened.splice(0)
  const findings = await Promise.all(pages.map((p) => gate(p, true)))
  await Promise.all(pages.map((p) => p.close().catch(() => undefined)))
  return [
    ...new Set([
      ...pages.flatMap(({ problems, allowed }) => problems.filter((p) => !allowed.some((a) => a.test(p)))),
      ...findings.flat().map((f) => `browser gate: ${f}`),
    ]),
  ]
}

export async function newPage(viewport = { width: 390, height: 844 }): Promise<TrackedPage> {
  const b = await openBrowser()
  const context = await b.newContext({ viewport, baseURL: inject('baseURL'), locale: 'en-GB' })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}${m.location().url ? ` (${m.location().url})` : ''}`)
  })
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().includes('/api/users/me')) problems.push(`${r.status()} ${r.url()}`)
  })
  const allowed: RegExp[] = []
  const entry: Opened = { page, problems, allowed, explained: [], checks: Promise.resolve(), close: () => context.close() }
  opened.push(entry)
  // Every document the page loads gets the contrast checks as soon as it has loaded; what they find fails the test.
  page.on('load', () => {
    void gate(entry, false).then((found) => problems.push(...found.map((f) => `browser gate: ${f}`)))
  })
  return {
    page,
    problems,
    allow: (...patterns) => allowed.push(...patterns),
    explainContrast: (target, why) => entry.explained.push({ target, why }),
  }
}

/**
 * The browser gate now, as a readable list (empty when clean): axe's WCAG 2.2 A and AA violations, undecided
 * contrasts no test explained, and visible controls whose text is the colour of their background.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const entry = opened.find((o) => o.page === page)
  if (entry) return gate(entry, true)
  return pageFindings(page)
}
