import { describe, expect, it, vi } from 'vitest'
import { FRAMEWORK_LIVE_EVENT, ISLAND_LISTENING_ATTRIBUTE, loadFrameworkAfterPaint, scriptsAfterPaint } from './paint-first.mjs'

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
    expect(html).toContain(`(["/_next/static/chunks/late.js","/_next/static/chunks/one.js","/_next/static/chunks/turbopack-two.js"],"${FRAMEWORK_LIVE_EVENT}","${ISLAND_LISTENING_ATTRIBUTE}")`)
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
    loadFrameworkAfterPaint(['/a.js', '/b.js'], FRAMEWORK_LIVE_EVENT, ISLAND_LISTENING_ATTRIBUTE)
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
    loadFrameworkAfterPaint(['/a.js'], FRAMEWORK_LIVE_EVENT, ISLAND_LISTENING_ATTRIBUTE)
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
    loadFrameworkAfterPaint(['/a.js'], FRAMEWORK_LIVE_EVENT, ISLAND_LISTENING_ATTRIBUTE)
    const button = { __reactProps$x: {}, isConnected: true, click: vi.fn(), closest: (selector: string) => (selector.includes('button[type="button"]') ? button : null) }
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

  it('makes a held press again only once React owns the control, or its late island listens for it', async () => {
    vi.useFakeTimers()
    const browser = fakeBrowser()
    loadFrameworkAfterPaint(['/a.js'], FRAMEWORK_LIVE_EVENT, ISLAND_LISTENING_ATTRIBUTE)
    // the island's container, as `closest` finds it by its attribute once the island has set it
    const island = { attributes: new Set<string>() }
    const inIsland = { isConnected: true, click: vi.fn(), closest: (selector: string) => (selector === `[${ISLAND_LISTENING_ATTRIBUTE}]` ? ([...island.attributes].some((a) => selector === `[${a}]`) ? island : null) : inIsland) }
    browser.document.dispatch('click', { target: inIsland, preventDefault: () => {}, stopImmediatePropagation: () => {} })
    browser.document.dispatch(FRAMEWORK_LIVE_EVENT)
    await vi.advanceTimersByTimeAsync(200)
    expect(inIsland.click).not.toHaveBeenCalled()
    island.attributes.add(ISLAND_LISTENING_ATTRIBUTE)
    await vi.advanceTimersByTimeAsync(20)
    expect(inIsland.click).toHaveBeenCalledTimes(1)

    // Nothing ever takes it over: it is made anyway after two seconds, once.
    const other = fakeBrowser()
    loadFrameworkAfterPaint(['/a.js'], FRAMEWORK_LIVE_EVENT, ISLAND_LISTENING_ATTRIBUTE)
    const plain: Record<string, unknown> & { click: () => void } = { isConnected: true, click: vi.fn(), closest: (selector: string) => (selector === `[${ISLAND_LISTENING_ATTRIBUTE}]` ? null : plain) }
    other.document.dispatch('click', { target: plain, preventDefault: () => {}, stopImmediatePropagation: () => {} })
    other.document.dispatch(FRAMEWORK_LIVE_EVENT)
    await vi.advanceTimersByTimeAsync(1900)
    expect(plain.click).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(200)
    expect(plain.click).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(3000)
    expect(plain.click).toHaveBeenCalledTimes(1)
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('lets a press on a link or a form’s own button go ahead', () => {
    const browser = fakeBrowser()
    loadFrameworkAfterPaint(['/a.js'], FRAMEWORK_LIVE_EVENT, ISLAND_LISTENING_ATTRIBUTE)
    const link = { closest: () => null }
    const event = { target: link, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn() }
    browser.document.dispatch('click', event)
    expect(event.preventDefault).not.toHaveBeenCalled()
    expect(browser.appended).toEqual([])
    vi.unstubAllGlobals()
  })

  it('changes a field typed in before the page was live again through React’s setter, so its handler sees it', () => {
    const browser = fakeBrowser()
    vi.stubGlobal('Event', class { constructor(readonly type: string) {} })
    loadFrameworkAfterPaint(['/a.js'], FRAMEWORK_LIVE_EVENT, ISLAND_LISTENING_ATTRIBUTE)
    // The element's own value property stands for React's tracker, its prototype's for the browser's.
    const native = { value: 'abc' }
    const proto = { get value() { return native.value }, set value(v: string) { native.value = v } }
    const field = Object.create(proto, { __reactProps$x: { value: {}, enumerable: true }, tagName: { value: 'INPUT' }, type: { value: 'text' }, defaultValue: { value: '' }, isConnected: { value: true }, dispatchEvent: { value: vi.fn() } })
    let tracked = 'abc'
    Object.defineProperty(field, 'value', { get: () => native.value, set: (v: string) => { tracked = v; native.value = v } })
    const box = { __reactProps$x: {}, tagName: 'INPUT', type: 'checkbox', checked: true, defaultChecked: false, isConnected: true, click: vi.fn() }
    const untouched = { __reactProps$x: {}, tagName: 'INPUT', type: 'text', value: 'same', defaultValue: 'same', isConnected: true, dispatchEvent: vi.fn() }
    for (const target of [field, box, untouched, field]) browser.document.dispatch('input', { target })
    browser.document.dispatch(FRAMEWORK_LIVE_EVENT)
    expect(native.value).toBe('abc')
    expect(tracked).toBe('')
    expect(field.dispatchEvent).toHaveBeenCalledTimes(1)
    expect(field.dispatchEvent.mock.calls[0][0].type).toBe('input')
    expect(box.click).toHaveBeenCalledTimes(1)
    expect(box.checked).toBe(false) // then the click ticks it again, through the page's handler
    expect(untouched.dispatchEvent).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })

  it('holds a form its code sends, and sends it with the same button once the page is live; a form with an action goes', () => {
    const browser = fakeBrowser()
    loadFrameworkAfterPaint(['/a.js'], FRAMEWORK_LIVE_EVENT, ISLAND_LISTENING_ATTRIBUTE)
    const form = { __reactProps$x: {}, isConnected: true, getAttribute: () => null, requestSubmit: vi.fn() }
    const button = { isConnected: true, form }
    const event = { target: form, submitter: button, preventDefault: vi.fn() }
    browser.document.dispatch('submit', event)
    expect(event.preventDefault).toHaveBeenCalled()
    expect(browser.appended).toEqual(['/a.js'])
    const search = { isConnected: true, getAttribute: (name: string) => (name === 'action' ? '/search' : null), requestSubmit: vi.fn() }
    const plain = { target: search, submitter: null, preventDefault: vi.fn() }
    browser.document.dispatch('submit', plain)
    expect(plain.preventDefault).not.toHaveBeenCalled()
    expect(form.requestSubmit).not.toHaveBeenCalled()
    browser.document.dispatch(FRAMEWORK_LIVE_EVENT)
    expect(form.requestSubmit).toHaveBeenCalledWith(button)
    expect(search.requestSubmit).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })

  it('changes a field again only once React has taken it over, and makes the held press after it', async () => {
    vi.useFakeTimers()
    const browser = fakeBrowser()
    loadFrameworkAfterPaint(['/a.js'], FRAMEWORK_LIVE_EVENT, ISLAND_LISTENING_ATTRIBUTE)
    const order: string[] = []
    const box: Record<string, unknown> = { tagName: 'INPUT', type: 'radio', checked: true, defaultChecked: false, isConnected: true, click: () => order.push('radio') }
    const button = { __reactProps$x: {}, isConnected: true, click: () => order.push('button'), closest: () => button }
    browser.document.dispatch('change', { target: box })
    browser.document.dispatch('click', { target: button, preventDefault: () => {}, stopImmediatePropagation: () => {} })
    browser.document.dispatch(FRAMEWORK_LIVE_EVENT)
    await vi.advanceTimersByTimeAsync(100)
    expect(order).toEqual([])
    box.__reactProps$y = {}
    await vi.advanceTimersByTimeAsync(20)
    expect(order).toEqual(['radio'])
    await vi.advanceTimersByTimeAsync(1)
    expect(order).toEqual(['radio', 'button'])
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })
})
