// Browser fixtures for e2e tests: a Chromium page that fails the test on console errors, and axe.
import AxeBuilder from '@axe-core/playwright'
import { chromium, type Browser, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { CHROMIUM_ARGS } from './chromium'

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
}

/** Every page opened since the last check, with what each is allowed (see ./console-guard.ts). */
const opened: { problems: string[]; allowed: RegExp[]; close: () => Promise<void> }[] = []

/**
 * At the end of a test: closes every page it opened (so a page left open cannot report a request after its
 * server stopped, in the next test's name), then answers the problems on them that no test declared, and
 * forgets them. STYLE #9: an unexpected console error or failed request fails the test that saw it.
 */
export async function endOfTestProblems(): Promise<string[]> {
  const pages = opened.splice(0)
  await Promise.all(pages.map((p) => p.close().catch(() => undefined)))
  return pages.flatMap(({ problems, allowed }) => problems.filter((p) => !allowed.some((a) => a.test(p))))
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
  opened.push({ problems, allowed, close: () => context.close() })
  return { page, problems, allow: (...patterns) => allowed.push(...patterns) }
}

/** WCAG 2.2 A and AA rules; returns a readable list of violations (empty when clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
}
