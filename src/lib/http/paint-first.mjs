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
// before it is live is held, fetches the code at once, and is made again when the page's own code says it is live;
// a form sent by its code is held and sent then; a field changed before then is changed again, so the page's state
// holds what the visitor sees.

/** Dispatched on `document` by the page's code once React has taken over the page (FrameworkLive). */
export const FRAMEWORK_LIVE_EVENT = 'wheelhouse:live'

/**
 * Set on a late island's container (src/components/ui/late-island.tsx) while it holds presses for its own code: React
 * does not own the HTML inside it until the island's code has hydrated it, so a press made there before then is kept
 * only if the island is listening.
 */
export const ISLAND_LISTENING_ATTRIBUTE = 'data-island-listening'

const CHUNK_SCRIPT = /<script src="(\/_next\/static\/[^"<>]+\.js)" async=""><\/script>/g
const CHUNK_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/[^"<>]+\.js)"\/>/g
const MARK = '\u0000'

/**
 * The browser's side, sent as its source text: so it is written for every browser the shop supports without a
 * build step, and reads as what it is.
 * @param {string[]} urls the chunks, in the document's order
 * @param {string} liveEvent
 * @param {string} islandListening
 */
export function loadFrameworkAfterPaint(urls, liveEvent, islandListening) {
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
  // A form without an action is sent by its code (sent plainly, it would put its fields in this page's address): it is
  // held the same way, and sent by the same button once the page is live. A server action's form has an action and
  // posts without the code; one whose action is a browser function React holds and replays itself.
  var heldForm = null
  var heldSubmitter = null
  document.addEventListener(
    'submit',
    function (event) {
      if (live || !event.target || event.target.getAttribute('action') !== null) return
      event.preventDefault()
      heldForm = event.target
      heldSubmitter = event.submitter || null
      start()
    },
    true,
  )
  // What the visitor typed, picked or ticked before the code was live is on screen, but hydration does not tell the
  // page's state (React keeps the field's value and takes it as already known). Each such field is changed again
  // through React's own value setter, so its change handler sees it.
  var edited = []
  function noteEdit(event) {
    if (!live && event.target && edited.indexOf(event.target) < 0) edited.push(event.target)
  }
  document.addEventListener('input', noteEdit, true)
  document.addEventListener('change', noteEdit, true)
  function replayEdit(field) {
    if (!field.isConnected || !field.tagName) return
    var tag = field.tagName.toLowerCase()
    if (tag === 'select') {
      field.dispatchEvent(new Event('change', { bubbles: true }))
    } else if (field.type === 'checkbox' || field.type === 'radio') {
      if (field.checked === field.defaultChecked) return
      field.checked = !field.checked
      field.click()
    } else if (tag === 'input' || tag === 'textarea') {
      var value = field.value
      if (value === field.defaultValue) return
      var setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')
      if (!setter || !setter.set) return
      field.value = field.defaultValue
      setter.set.call(field, value)
      field.dispatchEvent(new Event('input', { bubbles: true }))
    }
  }
  // The layout's code says it is live before the page's own parts have hydrated: React hydrates them in turn (and one
  // at once when it is pressed), and a late island's part only once its own code has come. A field is changed again
  // only once React has taken it over, which it marks with a `__reactProps$…` key on the element. A press is made
  // again only on an element React owns or inside a late island that listens for it (the island holds the press
  // until its code is live): made on HTML that nothing listens to yet, it would do nothing and be lost. After two
  // seconds each is made regardless.
  function hydrated(element) {
    var keys = Object.keys(element)
    for (var i = 0; i < keys.length; i++) if (keys[i].indexOf('__reactProps') === 0) return true
    return false
  }
  function owned(element) {
    return hydrated(element) || (!!element.closest && element.closest('[' + islandListening + ']') !== null)
  }
  function whenReady(elements, ready, tries, then) {
    for (var i = 0; i < elements.length; i++) {
      if (tries > 0 && elements[i].isConnected && !ready(elements[i])) {
        setTimeout(function () {
          whenReady(elements, ready, tries - 1, then)
        }, 20)
        return
      }
    }
    then()
  }
  function replayEdits(fields, then) {
    whenReady(fields, hydrated, 100, function () {
      for (var j = 0; j < fields.length; j++) replayEdit(fields[j])
      // The held press reads the page's state: it waits for React to have rendered what the changes set.
      if (fields.length > 0) setTimeout(then, 0)
      else then()
    })
  }
  function replayPressesWhenOwned() {
    var pressed = []
    if (held) pressed.push(held)
    if (heldForm) pressed.push(heldForm)
    whenReady(pressed, owned, 100, replayPresses)
  }
  function replayPresses() {
    var target = held
    held = null
    if (target && target.isConnected) target.click()
    var form = heldForm
    heldForm = null
    if (form && form.isConnected) {
      if (form.requestSubmit) form.requestSubmit(heldSubmitter && heldSubmitter.isConnected && heldSubmitter.form === form ? heldSubmitter : undefined)
      else form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    }
  }
  document.addEventListener(liveEvent, function () {
    live = true
    var fields = edited
    edited = []
    replayEdits(fields, replayPressesWhenOwned)
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
  const loader = `<script>(${loadFrameworkAfterPaint})(${JSON.stringify([...new Set(urls)])},${JSON.stringify(FRAMEWORK_LIVE_EVENT)},${JSON.stringify(ISLAND_LISTENING_ATTRIBUTE)})</script>`
  let first = true
  return marked.replaceAll(MARK, () => (first ? ((first = false), loader) : ''))
}
