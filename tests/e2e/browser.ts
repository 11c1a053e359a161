// Browser fixtures for e2e tests: a Chromium page that fails the test on console errors, and the browser gate
// (./page-checks.ts: axe, undecided contrasts, invisible controls) on every page a test opens.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { CHROMIUM_ARGS } from './chromium'
import { VENDOR_PAGES, axeFindings, pageFindings, type ContrastExplanation } from './page-checks'
import { shop } from './shops'

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
  /** documents the page has loaded so far (main-frame navigations) */
  navigations: number
  /** false for a page opened with JavaScript turned off, whose checks run on its twin (see `checkedPage`) */
  scripts: boolean
  twin?: Page
  /** for the trace (E2E_GATE_TRACE) */
  id: number
}

/**
 * With E2E_GATE_TRACE=<file>, one JSON line per event of every tracked page: each main-frame navigation (and whether
 * it loaded a document or only changed the address), each load, and each check's start and end with the title the
 * document had then. The evidence for a gate finding that comes and goes: which document a check saw, and when.
 */
const traceFile = process.env.E2E_GATE_TRACE
let traceSeq = 0
function trace(entry: Opened, event: string, detail: Record<string, unknown> = {}): void {
  if (!traceFile) return
  const line = { t: Date.now(), page: entry.id, n: entry.navigations, url: entry.page.isClosed() ? null : entry.page.url().replace(/^https?:\/\/[^/]+/, ''), event, ...detail }
  fs.appendFileSync(traceFile, `${JSON.stringify(line)}\n`)
}
async function traceTitle(entry: Opened, event: string, detail: Record<string, unknown> = {}): Promise<void> {
  if (!traceFile) return
  const title = await entry.page.evaluate('document.title').catch(() => '(unreadable)')
  trace(entry, event, { title, ...detail })
}

/** Every page opened since the last check, with what each is allowed (see ./console-guard.ts). */
const opened: Opened[] = []

/** Runs `check` after the page's earlier checks; a page that navigates or closes meanwhile just skips it. */
/**
 * A check that has not settled after CHECK_MS: on a page that has been closed meanwhile there is nothing left to
 * check (seen once in CI: a check of the 500 page, whose context the test closed while axe ran, never settled and
 * held the end-of-test hook past its minute); on an open page it is a finding, so a stuck gate fails its test
 * with a reason instead of timing out the hook.
 */
const CHECK_MS = 30_000
function withinTime(entry: Opened, running: Promise<string[]>): Promise<string[]> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve(entry.page.isClosed() ? [] : [`the browser gate did not finish checking ${entry.page.url()} within ${CHECK_MS / 1000} s`]), CHECK_MS)
  })
  return Promise.race([running, late]).finally(() => clearTimeout(timer))
}

function queueCheck(entry: Opened, check: () => Promise<string[]>): Promise<string[]> {
  // The document this check is for is the one shown when it was queued. Counted then, not when the earlier checks
  // let it start: a page that navigated while it waited would otherwise have the next document, perhaps still
  // loading, checked in its place.
  const navigations = entry.navigations
  const run = entry.checks.then(async () => {
    if (entry.navigations !== navigations) return []
    await traceTitle(entry, 'check-start', { queuedAt: navigations })
    return withinTime(entry, check())
  }).then(
    // A check the page navigated away from while it ran read two documents (axe's results from one, the gate's
    // measurements from the next): it says nothing; the new document's own check follows its load.
    async (findings) => {
      await traceTitle(entry, 'check-end', { queuedAt: navigations, findings })
      return entry.navigations === navigations ? findings : []
    },
  ).catch((e: unknown) => {
    const message = e instanceof Error ? e.message : String(e)
    if (entry.navigations !== navigations) return []
    // A page its test has closed meanwhile has nothing left to check. axe opens a page of its own in the page's
    // context, and on a closed context Chromium answers "Failed to find browser context" (seen once in CI, on the
    // foundation's 500-page test: the check of its search page was still queued when the test closed the context).
    if (entry.page.isClosed() || /context was destroyed|Target .*closed|has been closed|Failed to find browser context|navigat/i.test(message)) return []
    return [`the browser gate could not check ${entry.page.url()}: ${message}`]
  })
  entry.checks = run
  return run
}

/**
 * Page states the gate has already passed in this run, shared by every test file (one file per state under the
 * e2e data directory, which global-setup empties before each run). axe on a whole page takes seconds on a slow
 * machine, and the long journeys meet the same page states again and again (the basket after each change, a
 * product page opened by five tests): a state is checked once, and every later page in the same state is known
 * clean. Only clean results are remembered, so a finding fails every test that meets it.
 */
const passedDir = path.resolve('data/e2e/gate-passed')

/**
 * What the gate's result depends on: the page's path and query, its viewport, its markup with scripts left out
 * (identical markup under the same stylesheets gives identical findings; the scripts carry nothing axe reads and
 * change with every request) and the contrasts the test has explained. null when the page cannot be read.
 */
async function stateKey(entry: Opened): Promise<string | null> {
  const markup = await entry.page.evaluate('document.documentElement.outerHTML').catch(() => null)
  if (typeof markup !== 'string') return null
  const hash = createHash('sha256')
  hash.update(entry.page.url().replace(/^https?:\/\/[^/]+/, ''))
  hash.update(`\0${JSON.stringify(entry.page.viewportSize())}\0`)
  hash.update(JSON.stringify(entry.explained.map((e) => [e.target.source, e.html?.source, e.reason, e.why])))
  hash.update(markup.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/\snonce="[^"]*"/g, ''))
  return hash.digest('hex')
}

/** Whether this state already passed the check (a state that passed the whole gate passes its contrast part too). */
function alreadyPassed(key: string, full: boolean): boolean {
  return fs.existsSync(path.join(passedDir, `${key}.full`)) || (!full && fs.existsSync(path.join(passedDir, `${key}.contrast`)))
}

/**
 * The page the gate's checks run in. axe works by timers and promises, which never run in a page whose JavaScript
 * is turned off, so such a page is checked through a twin: a page of its own with JavaScript on but every script
 * request refused, showing the no-JavaScript page's document as it is now (its <noscript> content unwrapped, as the
 * browser without JavaScript shows it), at the same address and viewport.
 */
async function checkedPage(entry: Opened): Promise<Page> {
  if (entry.scripts) return entry.page
  const html = (await entry.page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<\/?noscript>/gi, '')
  if (!entry.twin) {
    const context = await (await openBrowser()).newContext({ viewport: entry.page.viewportSize() ?? undefined, baseURL: shop().baseURL, locale: 'en-GB' })
    entry.twin = await context.newPage()
    await entry.twin.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
  }
  if (entry.twin.url() !== entry.page.url()) await entry.twin.goto(entry.page.url())
  await entry.twin.setContent(html)
  return entry.twin
}

/** The gate on a page as it is now: contrast only while a test is running, everything at its end. */
function gate(entry: Opened, full: boolean): Promise<string[]> {
  return queueCheck(entry, async () => {
    if (entry.page.isClosed()) return []
    const url = entry.page.url()
    const key = await stateKey(entry)
    if (key && alreadyPassed(key, full)) return []
    const findings = await pageFindings(await checkedPage(entry), entry.explained, full ? undefined : ['color-contrast'])
    // remembered only when the page did not change while axe ran
    if (findings.length === 0 && key && key === (await stateKey(entry))) {
      fs.mkdirSync(passedDir, { recursive: true })
      fs.writeFileSync(path.join(passedDir, `${key}.${full ? 'full' : 'contrast'}`), url)
    }
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
  await Promise.all(pages.map(closeEntry))
  return [
    ...new Set([
      ...pages.flatMap(({ problems, allowed }) => problems.filter((p) => !allowed.some((a) => a.test(p)))),
      ...findings.flat().map((f) => `browser gate: ${f}`),
    ]),
  ]
}

/**
 * Gives a page the end-of-test gate now and closes it, for a test that must close a page before its own end (its
 * server is about to stop). What the gate finds, and the page's problems, are still reported when the test ends.
 * The gate's checks are awaited first: a context closed under axe leaves axe's own page opening pending, which only
 * the gate's time limit ends.
 */
export async function finishPage(page: Page): Promise<void> {
  const entry = opened.find((o) => o.page === page)
  if (!entry) return page.context().close()
  const findings = await gate(entry, true)
  entry.problems.push(...findings.map((f) => `browser gate: ${f}`))
  await closeEntry(entry)
}

/** Closes a tracked page's context and its twin's, whatever state they are in. */
function closeEntry(entry: Opened): Promise<unknown> {
  return Promise.all([entry.close(), entry.twin?.context().close()].map((closing) => closing?.catch(() => undefined)))
}

/**
 * Run in each document of a watched page: calls back whenever the document, having had a title, has none once a
 * render is done (a MutationObserver runs between the browser's tasks, where axe, a screen reader or Next's route
 * announcer read the title). axe's document-title rule sees only the moment it runs; this sees every moment. On a
 * client-side navigation Next renders the new <title> a moment after the new page's content, so the page had none in
 * between, which the end-of-test axe run caught now and then on a loaded machine (ADR 045).
 */
const TITLE_WATCH = `(() => {
  let titled = false
  new MutationObserver(() => {
    if (document.title.trim()) titled = true
    else if (titled) {
      titled = false
      window.__gateTitleLost(location.pathname + location.search)
    }
  }).observe(document, { subtree: true, childList: true, characterData: true })
})()`

/**
 * Fails the test for every moment from now on that a document of this tracked page is without a title after it had
 * one (see TITLE_WATCH); call it before the page's first navigation. Pages that Next moves between by a client-side
 * navigation still lose their title for a moment (a server action's redirect: sign-in, registration), so this is not
 * yet on every page.
 */
export async function watchTitle(page: Page): Promise<void> {
  const entry = opened.find((o) => o.page === page)
  if (!entry) throw new Error('watchTitle: not a tracked page')
  await page.exposeBinding('__gateTitleLost', ({ frame }, where: string) => {
    if (frame !== page.mainFrame() || VENDOR_PAGES.some((v) => v.path.test(where.split('?')[0]!))) return
    entry.problems.push(`browser gate: ${where}: the document had a <title>, then none once a render was done (axe's document-title)`)
  })
  await page.addInitScript(TITLE_WATCH)
}

/** A tracked page in a context of its own; `options` for a context unlike a customer's usual one (no JavaScript). */
export async function newPage(viewport = { width: 390, height: 844 }, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const b = await openBrowser()
  // A file that runs on its own drives a shop of its own and names its address; every other file drives its worker's.
  const context = await b.newContext({ viewport, locale: 'en-GB', ...options, baseURL: options.baseURL ?? shop().baseURL })
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
  const entry: Opened = {
    page,
    problems,
    allowed,
    explained: [],
    checks: Promise.resolve(),
    close: () => context.close(),
    scripts: options.javaScriptEnabled !== false,
    navigations: 0,
    id: ++traceSeq,
  }
  let documentRequested = false
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documentRequested = true
  })
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return
    entry.navigations++
    trace(entry, 'navigated', { document: documentRequested })
    documentRequested = false
  })
  page.on('load', () => void traceTitle(entry, 'load'))
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
 * axe's findings on the page (page-checks.ts `axeFindings`), run in turn with the gate's own checks of it: the gate
 * checks every document a page loads, and axe refuses to start while another run is going in the same page ("Axe is
 * already running", seen in CI right after a filter form navigated).
 */
export function axeFindingsInTurn(page: Page, ...args: Parameters<typeof axeFindings> extends [Page, ...infer Rest] ? Rest : never): Promise<string[]> {
  const entry = opened.find((o) => o.page === page)
  if (!entry) return axeFindings(page, ...args)
  return queueCheck(entry, () => axeFindings(page, ...args))
}

/**
 * The browser gate now, as a readable list (empty when clean): axe's WCAG 2.2 A and AA violations, undecided
 * contrasts no test explained, and visible controls whose text is the colour of their background.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // The page as the customer reads it: a dialog or panel that has just opened has finished its entrance (axe, run
  // mid-animation, finds text "partially obscured" by the part of the box still sliding in). Endless animations
  // (a spinner) are not waited for.
  await page
    .evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))))
    .catch(() => undefined)
  const entry = opened.find((o) => o.page === page)
  if (entry) return gate(entry, true)
  return pageFindings(page)
}

/**
 * Screenshots of the page at a phone's and a desktop's width, in `dir` (for a person to look at), then the browser
 * gate on it back at a phone's size: a test fails on any finding, named `name`.
 */
export async function screenshotsAndAxe(page: Page, name: string, dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true })
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await axeViolations(page), `axe on ${name}`).toEqual([])
}
