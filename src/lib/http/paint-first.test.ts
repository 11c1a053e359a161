import { describe, expect, it, vi } from 'vitest'
import { FRAMEWORK_LIVE_EVENT, loadFrameworkAfterPaint, scriptsAfterPaint } from './paint-first.mjs'

// As Next 16 writes a page: a low-priority preload and async chunk scripts in the head, the preloaded chunk again in
// the body, a noModule polyfill, inline scripts and a JSON-LD block.
const DOCUMENT = [
  '<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/late.js"/>',
  '<script src="/_next/static/chunks/one.js" async=""></script>',
  '<script src="/_next/static/chunks/turbopack-two.js" async=""></script>',
  '<script src="/_next/static/chunks/poly.js" noModule=""></script>',
  '</head><body><script>document.documentElement.dataset.x="1"</script><main>Hello</main>',
  '<script type="application/ld+json">{"@type":"Product"}</script>',
  '<script src="/_next/static/chunks/late.js" async=""></script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>',
].join('')

describe('scriptsAfterPaint', () => {
  const html = scriptsAfterPaint(DOCUMENT)

  it('takes out every chunk script and preload and puts one loader in the place of the first', () => {
    expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async="">/)
    expect(html).not.toContain('rel="preload" as="script"')
    expect(html.split('<script>(function loadFrameworkAfterPaint')).toHaveLength(2)
    const loader = html.indexOf('<script>(function loadFrameworkAfterPaint')
    expect(loader).toBeGreaterThan(html.indexOf('a.css'))
    expect(loader).toBeLessThan(html.indexOf('</head>'))
  })

  it('fetches the same chunks, each once, in the document’s order', () => {
    expect(html).toContain(`(["/_next/static/chunks/late.js","/_next/static/chunks/one.js","/_next/static/chunks/turbopack-two.js"],"${FRAMEWORK_LIVE_EVENT}")`)
  })

  it('leaves everything else as it was', () => {
    const rest = (text: string) => text.replace(/<script>\(function loadFrameworkAfterPaint[\s\S]*?<\/script>/, '')
    expect(rest(html)).toBe(
      DOCUMENT.replace('<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/late.js"/>', '').replace(/<script src="\/_next\/static\/chunks\/[^"]+" async=""><\/script>/g, ''),
    )
    expect(html).toContain('noModule=""')
    expect(html).toContain('application/ld+json')
  })

  it('returns a document without chunk scripts, or one that holds its mark, unchanged', () => {
    const plain = '<html><head><script src="https://www.googletagmanager.com/gtm.js" async=""></script></head></html>'
    expect(scriptsAfterPaint(plain)).toBe(plain)
    const odd = DOCUMENT.replace('Hello', 'Hel\u0000lo')
    expect(scriptsAfterPaint(odd)).toBe(odd)
  })
})

/** Just enough of a browser for the loader: a document that is parsed, frames, timers and clicks. */
function fakeBrowser({ picture }: { picture?: { decode: () => Promise<void> } } = {}) {
  const listeners = new Map<string, ((event: unknown) => void)[]>()
  const appended: string[] = []
  const frames: (() => void)[] = []
  const document = {
    readyState: 'loading',
    visibilityState: 'visible',
    head: { appendChild: (script: { src: string }) => appended.push(script.src) },
    createElement: () => ({ src: '', async: false }),
    querySelector: (selector: string) => (selector === 'img[fetchpriority="high"]' ? (picture ?? null) : null),
    addEventListener: (name: string, listener: (event: unknown) => void) => listeners.set(name, [...(listeners.get(name) ?? []), listener]),
    dispatch: (name: string, event: unknown = {}) => (listeners.get(name) ?? []).forEach((listener) => listener(event)),
  }
  vi.stubGlobal('document', document)
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
  return { document, appended, drawFrame: () => frames.splice(0).forEach((frame) => frame()) }
}

describe('loadFrameworkAfterPaint, in the browser', () => {
  it('fetches nothing until the document is parsed, its picture decoded and a frame drawn', async () => {
    vi.useFakeTimers()
    let decoded = () => {}
    const browser = fakeBrowser({ picture: { decode: () => new Promise<void>((resolve) => (decoded = resolve)) } })
    loadFrameworkAfterPaint(['/a.js', '/b.js'], FRAMEWORK_LIVE_EVENT)
    browser.drawFrame()
    await vi.advanceTimersByTimeAsync(10)
    expect(browser.appended).toEqual([])
    browser.document.dispatch('DOMContentLoaded')
    browser.drawFrame()
    await vi.advanceTimersByTimeAsync(10)
    expect(browser.appended).toEqual([])
    decoded()
    await vi.advanceTimersByTimeAsync(0)
    expect(browser.appended).toEqual([])
    browser.drawFrame()
    await vi.advanceTimersByTimeAsync(0)
    expect(browser.appended).toEqual(['/a.js', '/b.js'])
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('fetches the code after three seconds whatever happens, and only once', async () => {
    vi.useFakeTimers()
    const browser = fakeBrowser()
    loadFrameworkAfterPaint(['/a.js'], FRAMEWORK_LIVE_EVENT)
    await vi.advanceTimersByTimeAsync(2999)
    expect(browser.appended).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    browser.document.dispatch('DOMContentLoaded')
    browser.drawFrame()
    await vi.advanceTimersByTimeAsync(10)
    expect(browser.appended).toEqual(['/a.js'])
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('holds a press on a scripted control, fetches the code at once and presses again once the page is live', () => {
    const browser = fakeBrowser()
    loadFrameworkAfterPaint(['/a.js'], FRAMEWORK_LIVE_EVENT)
    const button = { isConnected: true, click: vi.fn(), closest: (selector: string) => (selector.includes('button[type="button"]') ? button : null) }
    const event = { target: button, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn() }
    browser.document.dispatch('click', event)
    expect(event.preventDefault).toHaveBeenCalled()
    expect(browser.appended).toEqual(['/a.js'])
    expect(button.click).not.toHaveBeenCalled()
    browser.document.dispatch(FRAMEWORK_LIVE_EVENT)
    expect(button.click).toHaveBeenCalledTimes(1)
    // Live: presses go straight to the page's own handlers.
    const later = { target: button, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn() }
    browser.document.dispatch('click', later)
    expect(later.preventDefault).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })

  it('lets a press on a link or a form’s own button go ahead', () => {
    const browser = fakeBrowser()
    loadFrameworkAfterPaint(['/a.js'], FRAMEWORK_LIVE_EVENT)
    const link = { closest: () => null }
    const event = { target: link, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn() }
    browser.document.dispatch('click', event)
    expect(event.preventDefault).not.toHaveBeenCalled()
    expect(browser.appended).toEqual([])
    vi.unstubAllGlobals()
  })
})
