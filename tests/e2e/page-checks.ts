// What the browser gate checks on every page the e2e suite opens (run from ./browser.ts): axe's WCAG 2.2 AA rules,
// the colour contrasts axe could not decide ("incomplete"), which fail unless a test says why, and a check of our own
// that no visible button or link has text the colour of the background behind it (axe files a 1:1 contrast under
// "incomplete", which is how white-on-white basket buttons once passed).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * An undecided contrast a person has looked at: the nodes whose axe target matches `target` (and, when given, whose
 * markup matches `html` and whose undecided reason is axe's `reason` message key) are accepted, for `why`.
 */
export interface ContrastExplanation {
  target: RegExp
  why: string
  html?: RegExp
  reason?: string | RegExp
}

/** Undecided contrasts explained once for the whole suite (keep this short; each entry says why it is fine). */
export const SUITE_CONTRAST_EXPLANATIONS: ContrastExplanation[] = [
  {
    // The basket stepper's "−" and "+", a dialog's "×": axe will not judge the contrast of text that is only symbols
    // ("nonBmp") or one character ("shortTextContent").
    target: /./,
    html: /^<span aria-hidden="true">[^\p{L}\p{N}<]{1,2}<\/span>$/u,
    reason: /^(nonBmp|shortTextContent)$/,
    why:
      'one or two decorative symbols hidden from assistive technology inside a control that axe requires to have an ' +
      'accessible name (button-name, a violation here); the symbol is the control\'s visible text, which ' +
      'invisibleControls still measures against the background the control paints',
  },
]

/** axe's key for why it could not decide a node (e.g. nonBmp, bgOverlap, bgImage, bgGradient). */
function undecidedReason(node: { any: { data?: unknown }[] }): string | undefined {
  for (const check of node.any) {
    const data = check.data as { messageKey?: string } | null | undefined
    if (data && typeof data.messageKey === 'string') return data.messageKey
  }
  return undefined
}

function explains(e: ContrastExplanation, node: { target: unknown[]; html: string; any: { data?: unknown }[] }): boolean {
  if (!e.target.test(node.target.join(' '))) return false
  if (e.html && !e.html.test(node.html.trim())) return false
  if (e.reason && !(typeof e.reason === 'string' ? undecidedReason(node) === e.reason : e.reason.test(undecidedReason(node) ?? ''))) return false
  return true
}

export interface ControlContrast {
  /** a short description of the control: tag, text and class */
  control: string
  colour: string
  background: string
  /** WCAG contrast ratio, or null when the background is an image or otherwise not a flat colour */
  ratio: number | null
  disabled: boolean
}

// Runs in the page. A string, so the test build's transforms cannot add helpers the page does not have.
const CONTROL_CONTRASTS = `(() => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null; const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number); return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 } }
  const over = (top, below) => ({ r: top.r * top.a + below.r * (1 - top.a), g: top.g * top.a + below.g * (1 - top.a), b: top.b * top.a + below.b * (1 - top.a), a: 1 })
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4) }; return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b) }
  const css = (c) => 'rgb(' + [c.r, c.g, c.b].map(Math.round).join(', ') + ')'
  const out = []
  for (const el of document.querySelectorAll('a[href], button, [role="button"], input[type="submit"], input[type="button"], summary')) {
    const text = (el.innerText || el.value || '').trim()
    if (!text) continue
    const box = el.getBoundingClientRect()
    const style = getComputedStyle(el)
    if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || el.closest('[hidden], [aria-hidden="true"]')) continue
    if (style.clip === 'rect(0px, 0px, 0px, 0px)' || (box.width <= 1 && box.height <= 1)) continue
    // Text in a fully transparent colour is hidden on purpose, for assistive technology only, as a clip is: Payload's
    // array rows lay a transparent "Toggle block" button over their visible row label.
    const own = parse(style.color)
    if (own && own.a === 0) continue
    const layers = []
    let image = false
    for (let node = el; node; node = node.parentElement) {
      const s = getComputedStyle(node)
      if (s.backgroundImage && s.backgroundImage !== 'none') { image = true; break }
      const c = parse(s.backgroundColor)
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break }
    }
    let fg = parse(style.color) || { r: 0, g: 0, b: 0, a: 1 }
    let bg = { r: 255, g: 255, b: 255, a: 1 }
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg)
    if (fg.a < 1) fg = over(fg, bg)
    const l1 = lum(fg), l2 = lum(bg)
    const ratio = image ? null : Math.round(((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05)) * 100) / 100
    out.push({
      control: el.tagName.toLowerCase() + ' "' + text.replace(/\\s+/g, ' ').slice(0, 40) + '"' + (el.className && typeof el.className === 'string' ? ' .' + el.className.trim().split(/\\s+/).join('.') : ''),
      colour: css(fg), background: image ? 'an image' : css(bg), ratio,
      disabled: el.disabled === true || el.getAttribute('aria-disabled') === 'true',
    })
  }
  return out
})()`

/** The contrast of every visible button and link with text, against the background its ancestors paint. */
export async function controlContrasts(page: Page): Promise<ControlContrast[]> {
  return (await page.evaluate(CONTROL_CONTRASTS)) as ControlContrast[]
}

/** Below this a control's text is as good as invisible: the colour of what is behind it. */
const INVISIBLE = 1.5

/** Visible buttons and links whose text cannot be told from their background. */
export async function invisibleControls(page: Page): Promise<string[]> {
  return (await controlContrasts(page))
    .filter((c) => c.ratio !== null && c.ratio < INVISIBLE)
    .map((c) => `invisible control: ${c.control} is ${c.colour} on ${c.background} (${c.ratio}:1)`)
}

/**
 * axe's WCAG violations, plus every "incomplete" colour-contrast node no explanation covers (axe could not decide,
 * so a person has to: the test that opens the page says why it is fine, or the page is fixed).
 */
export async function axeFindings(page: Page, explained: ContrastExplanation[] = [], rules?: string[], within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
  // Only part of the page (`within`, a selector): for a popup open over the page, which covers what is beneath it.
  if (within) builder.include(within)
  const result = await (rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS)).analyze()
  const violations = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`,
  )
  const all = [...SUITE_CONTRAST_EXPLANATIONS, ...explained]
  const unexplained = result.incomplete
    .filter((r) => r.id === 'color-contrast' || r.id === 'color-contrast-enhanced')
    .flatMap((r) => r.nodes)
    .filter((n) => !all.some((e) => explains(e, n)))
  // Text over a gradient or in a floating box: the gate measures it itself (GRADIENT_CONTRAST, FLOATING_BOX_CONTRAST),
  // so it passes or fails like any other contrast.
  const undecided: typeof unexplained = []
  const overGradient: string[] = []
  for (const n of unexplained) {
    const target = n.target.length === 1 && typeof n.target[0] === 'string' ? n.target[0] : null
    const reason = undecidedReason(n)
    const measured = !target
      ? null
      : reason === 'bgGradient'
        ? await gradientContrast(page, target)
        : reason === 'elmPartiallyObscuring'
          ? await floatingBoxContrast(page, target)
          : null
    if (!measured) undecided.push(n)
    else if (measured.ratio < measured.required)
      overGradient.push(`low contrast (measured by the gate): ${target} at ${measured.ratio}:1, below ${measured.required}:1`)
  }
  const undecidedLines = undecided
    .map(
      (n) =>
        `unexplained incomplete colour contrast: ${n.target.join(' ')} — ${n.any.map((a) => a.message).join('; ')}` +
        ` (${undecidedReason(n) ?? 'no reason key'}; ${n.html.trim().slice(0, 120)})`,
    )
  return [...violations, ...overGradient, ...undecidedLines]
}

// Runs in the page with the target selector as SELECTOR. Decides what axe leaves undecided on a gradient: the text's
// contrast against the gradient wherever it runs (each stop and ten points between each pair, under any translucent
// layers between the text and the gradient), against the WCAG minimum for the text's size. null when it cannot
// decide either (not a plain gradient, an image in it, a shadow DOM target).
const GRADIENT_CONTRAST = `((selector) => {
  const el = document.querySelector(selector)
  if (!el) return null
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null; const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number); return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 } }
  const over = (top, below) => ({ r: top.r * top.a + below.r * (1 - top.a), g: top.g * top.a + below.g * (1 - top.a), b: top.b * top.a + below.b * (1 - top.a), a: 1 })
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4) }; return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b) }
  const layers = []
  let gradient = null
  for (let node = el; node; node = node.parentElement) {
    const s = getComputedStyle(node)
    if (s.backgroundImage && s.backgroundImage !== 'none') { gradient = node; break }
    const c = parse(s.backgroundColor)
    if (c && c.a >= 1) return null
    if (c && c.a > 0) layers.push(c)
  }
  if (!gradient) return null
  const gs = getComputedStyle(gradient)
  const image = gs.backgroundImage
  if (/url\\(/.test(image) || (image.match(/gradient\\(/g) || []).length !== 1) return null
  const stops = (image.match(/rgba?\\([^)]+\\)/g) || []).map(parse)
  if (stops.length < 2) return null
  let under = { r: 255, g: 255, b: 255, a: 1 }
  const own = parse(gs.backgroundColor)
  if (own && own.a > 0) under = over(own, under)
  const samples = []
  for (let i = 0; i + 1 < stops.length; i++) for (let t = 0; t <= 10; t++) {
    const a = stops[i], b = stops[i + 1], k = t / 10
    samples.push({ r: a.r + (b.r - a.r) * k, g: a.g + (b.g - a.g) * k, b: a.b + (b.b - a.b) * k, a: a.a + (b.a - a.a) * k })
  }
  const style = getComputedStyle(el)
  const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700
  const required = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5
  let worst = Infinity
  for (const sample of samples) {
    let bg = over(sample, under)
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg)
    let fg = parse(style.color) || { r: 0, g: 0, b: 0, a: 1 }
    if (fg.a < 1) fg = over(fg, bg)
    const l1 = lum(fg), l2 = lum(bg)
    worst = Math.min(worst, (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05))
  }
  return { ratio: Math.round(worst * 100) / 100, required }
})`

// Runs in the page with the target selector as SELECTOR. Decides text axe leaves undecided because it "partially
// overlaps other elements" (elmPartiallyObscuring): a box that floats over the page (a fixed element or a modal
// dialog in the top layer, or a popup positioned over the page with a z-index, such as a combobox's list, when it is
// what the browser hits at the text) gives axe a different stack under each line, though the box's own opaque
// background is all that shows. When the first opaque background above the text belongs to such a box (or a box
// inside it) and contains the text, the text is measured against it; null otherwise.
const FLOATING_BOX_CONTRAST = `((selector) => {
  const el = document.querySelector(selector)
  if (!el) return null
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null; const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number); return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 } }
  const over = (top, below) => ({ r: top.r * top.a + below.r * (1 - top.a), g: top.g * top.a + below.g * (1 - top.a), b: top.b * top.a + below.b * (1 - top.a), a: 1 })
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4) }; return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b) }
  const layers = []
  let box = null
  for (let node = el; node; node = node.parentElement) {
    const s = getComputedStyle(node)
    if (s.backgroundImage && s.backgroundImage !== 'none') return null
    const c = parse(s.backgroundColor)
    if (c && c.a >= 1) { box = node; layers.push(c); break }
    if (c && c.a > 0) layers.push(c)
  }
  if (!box) return null
  let floating = false
  for (let node = box; node; node = node.parentElement) {
    const position = getComputedStyle(node).position
    if (position === 'fixed' || node.matches(':modal')) { floating = true; break }
    if (position === 'absolute' && getComputedStyle(node).zIndex !== 'auto') {
      const r = el.getBoundingClientRect()
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      floating = hit !== null && node.contains(hit)
      break
    }
  }
  if (!floating) return null
  const a = el.getBoundingClientRect(), b = box.getBoundingClientRect()
  if (a.left < b.left - 0.5 || a.top < b.top - 0.5 || a.right > b.right + 0.5 || a.bottom > b.bottom + 0.5) return null
  let bg = { r: 255, g: 255, b: 255, a: 1 }
  for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg)
  const style = getComputedStyle(el)
  let fg = parse(style.color) || { r: 0, g: 0, b: 0, a: 1 }
  if (fg.a < 1) fg = over(fg, bg)
  const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700
  const required = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5
  const l1 = lum(fg), l2 = lum(bg)
  return { ratio: Math.round(((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05)) * 100) / 100, required }
})`

/** The contrast of a node's text over the opaque floating box it sits in, or null when it is not in one. */
async function floatingBoxContrast(page: Page, selector: string): Promise<{ ratio: number; required: number } | null> {
  return (await page.evaluate(`${FLOATING_BOX_CONTRAST}(${JSON.stringify(selector)})`)) as { ratio: number; required: number } | null
}

/** The worst contrast of a node's text over the gradient behind it, or null when that cannot be worked out. */
async function gradientContrast(page: Page, selector: string): Promise<{ ratio: number; required: number } | null> {
  return (await page.evaluate(`${GRADIENT_CONTRAST}(${JSON.stringify(selector)})`)) as { ratio: number; required: number } | null
}

/**
 * Pages whose markup is a vendor's, where the gate runs only its own invisible-control check. Each says why. Any
 * page of ours (the storefront, our own admin views outside these paths) gets the whole gate.
 *
 * This is a team decision (session 11), not an oversight: the admin is staff-only and Payload's own
 * markup, axe's findings there are not ours to fix, and we still fail any admin control whose text cannot be seen.
 * Widen the gate here only together with a fix or an upstream report for what it then finds.
 */
export const VENDOR_PAGES: { path: RegExp; why: string }[] = [
  {
    path: /^\/admin(\/|$)/,
    why:
      "Payload's admin UI (payload 3.90.1): axe finds the vendor's markup (react-select's focusable aria-hidden " +
      "indicator and unlabelled search input, dashboard card titles under the card's whole-card link, which axe " +
      'cannot decide); none of it is ours to fix here, so it is reported upstream rather than failing every test ' +
      'that signs in to the admin',
  },
]

/** Everything the gate checks, as readable lines (empty when the page passes). */
export async function pageFindings(page: Page, explained: ContrastExplanation[] = [], rules?: string[]): Promise<string[]> {
  let path = ''
  try {
    path = new URL(page.url()).pathname
  } catch {
    // about:blank and the like: the whole gate
  }
  if (VENDOR_PAGES.some((v) => v.path.test(path))) return invisibleControls(page)
  return [...(await axeFindings(page, explained, rules)), ...(await invisibleControls(page))]
}
