// What the browser gate checks on every page the e2e suite opens (run from ./browser.ts): axe's WCAG 2.2 AA rules,
// the colour contrasts axe could not decide ("incomplete"), which fail unless a test says why, and a check of our own
// that no visible button or link has text the colour of the background behind it (axe files a 1:1 contrast under
// "incomplete", which is how white-on-white basket buttons once passed).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** An undecided contrast a test has looked at: the nodes whose axe target matches `target` are accepted, for `why`. */
export interface ContrastExplanation {
  target: RegExp
  why: string
}

/** Undecided contrasts explained once for the whole suite (keep this short; each entry says why it is fine). */
export const SUITE_CONTRAST_EXPLANATIONS: ContrastExplanation[] = []

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
export async function axeFindings(page: Page, explained: ContrastExplanation[] = [], rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page })
  const result = await (rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS)).analyze()
  const violations = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`,
  )
  const all = [...SUITE_CONTRAST_EXPLANATIONS, ...explained]
  const undecided = result.incomplete
    .filter((r) => r.id === 'color-contrast' || r.id === 'color-contrast-enhanced')
    .flatMap((r) => r.nodes)
    .filter((n) => !all.some((e) => e.target.test(n.target.join(' '))))
    .map((n) => `unexplained incomplete colour contrast: ${n.target.join(' ')} — ${n.any.map((a) => a.message).join('; ')}`)
  return [...violations, ...undecided]
}

/** Everything the gate checks, as readable lines (empty when the page passes). */
export async function pageFindings(page: Page, explained: ContrastExplanation[] = [], rules?: string[]): Promise<string[]> {
  return [...(await axeFindings(page, explained, rules)), ...(await invisibleControls(page))]
}
