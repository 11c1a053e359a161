// A storefront document is drawn before the framework's scripts are fetched (ADR 085). Next puts its chunks in the
// head as `<script src async>` (and a low-priority preload for one more), so the phone downloads about 130 KB of
// script while it still waits for the page's own picture and styles, and parses and runs it before the first screen
// is drawn. Every page here is drawn by the server and its controls work without the code (plain links, GET forms,
// server-action forms, late islands), so nothing on the first screen needs it yet.
//
// The server rewrites each HTML document once, before it hashes the document's inline scripts and before the
// response cache stores it: those tags go, and one inline loader takes the place of the first. The loader fetches the
// same chunks, in the same order, after the frame that shows the first screen: once the document is parsed, the
// page's priority picture (if any) is decoded and a frame has been drawn. A press on a control that needs the code
// before it is live is held, fetches the code at once, and is made again when the page's own code says it is live.

/** Dispatched on `document` by the page's code once React has taken over the page (FrameworkLive). */
export const FRAMEWORK_LIVE_EVENT = 'wheelhouse:live'

const CHUNK_SCRIPT = /<script src="(\/_next\/static\/[^"<>]+\.js)" async=""><\/script>/g
const CHUNK_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/[^"<>]+\.js)"\/>/g
const MARK = '\u0000'

/**
 * The browser's side, sent as its source text: so it is written for every browser the shop supports without a
 * build step, and reads as what it is.
 * @param {string[]} urls the chunks, in the document's order
 * @param {string} liveEvent
 */
export function loadFrameworkAfterPaint(urls, liveEvent) {
  var started = false
  var live = false
  var held = null
  function start() {
    if (started) return
    started = true
    for (var i = 0; i < urls.length; i++) {
      var script = document.createElement('script')
      script.src = urls[i]
      script.async = true
      document.head.appendChild(script)
    }
  }
  // A task queued from an animation frame callback runs after that frame has been drawn.
  function afterNextFrame() {
    requestAnimationFrame(function () {
      setTimeout(start, 0)
    })
  }
  function whenFirstScreenDrawn() {
    var picture = document.querySelector('img[fetchpriority="high"]')
    if (picture && picture.decode) picture.decode().then(afterNextFrame, afterNextFrame)
    else afterNextFrame()
  }
  // A page opened in the background draws nothing until it is shown: it need not wait for a frame.
  if (document.visibilityState === 'hidden') start()
  else if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenFirstScreenDrawn)
  else whenFirstScreenDrawn()
  // Whatever the page does (a picture that never decodes, a frame that never comes), the code arrives.
  setTimeout(start, 3000)
  document.addEventListener(
    'click',
    function (event) {
      if (live) return
      var target = event.target && event.target.closest ? event.target.closest('button[type="button"], [role="button"]') : null
      if (!target) return
      event.preventDefault()
      event.stopImmediatePropagation()
      held = target
      start()
    },
    true,
  )
  document.addEventListener(liveEvent, function () {
    live = true
    var target = held
    held = null
    if (target && target.isConnected) target.click()
  })
}

/**
 * The document with the framework's chunk scripts (and their preloads) replaced by one loader that fetches them after
 * the first screen is drawn. A document without them is returned as it is (the same string).
 * @param {string} html
 */
export function scriptsAfterPaint(html) {
  // A document that holds the mark itself (it never should) is sent as it is.
  if (html.includes(MARK)) return html
  const urls = []
  const marked = html.replace(CHUNK_PRELOAD, (_, url) => (urls.push(url), MARK)).replace(CHUNK_SCRIPT, (_, url) => (urls.push(url), MARK))
  if (urls.length === 0) return html
  const loader = `<script>(${loadFrameworkAfterPaint})(${JSON.stringify([...new Set(urls)])},${JSON.stringify(FRAMEWORK_LIVE_EVENT)})</script>`
  let first = true
  return marked.replaceAll(MARK, () => (first ? ((first = false), loader) : ''))
}
