'use client'
// A client component that costs the page nothing before it is needed (ADR 016). The server renders it into
// the page's HTML as usual; the page's own hydration leaves that HTML alone, and the component's code is
// fetched only once the page has loaded and is idle, or at once when the visitor points at, focuses or
// presses it. It then hydrates the HTML already on screen in a React root of its own: nothing is redrawn
// (no new paint, focus stays), and a press that landed before the code is replayed once it is live (unless the
// island's HTML works without its code: then the press goes ahead at once).
import { useCallback, useEffect, useRef, type ComponentType } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { ISLAND_LISTENING_ATTRIBUTE } from '../../lib/http/paint-first.mjs'

type Loader<P> = () => Promise<ComponentType<P>>

interface IslandOptions<P> {
  /** Window events that load the island at once (for a control elsewhere on the page that talks to it). */
  readonly loadOn?: readonly string[]
  /**
   * false: fetched only when the visitor reaches for the island (focus, pointer, touch, a key), never just because
   * the page is idle. For code most visits never use (the header search's suggestions).
   */
  readonly whenIdle?: boolean
  /**
   * The component itself, for the server's render. Pass
   * `typeof window === 'undefined' ? require('./x').X : undefined`: the compiler turns the condition into a
   * constant, so the browser's bundle never holds the require (that is the whole point).
   */
  readonly server: ComponentType<P> | undefined
  /**
   * true: the server's HTML works without the code (plain links and GET forms), so a press before the code is live
   * goes ahead as it is instead of being held and replayed.
   */
  readonly worksWithout?: boolean
}

/** Calls `run` once the page has loaded and the main thread is idle (at the latest `timeout` ms later). */
export function whenIdle(run: () => void, timeout = 2500): () => void {
  let cancelled = false
  let idleId: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const schedule = () => {
    if (cancelled) return
    if (typeof window.requestIdleCallback === 'function') idleId = window.requestIdleCallback(() => run(), { timeout })
    else timer = setTimeout(run, 200)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', schedule)
    if (idleId !== undefined) window.cancelIdleCallback(idleId)
    if (timer !== undefined) clearTimeout(timer)
  }
}

/** Signs that the visitor is reaching for the island: its code is fetched at once. */
const INTEREST = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const
const PRESSABLE = 'button, [role="button"], input, select, summary'
/**
 * The island's container's innerHTML, one object for every render: React sets innerHTML again whenever this prop is a
 * new object, and so a page that renders the island again would wipe what the island's own root drew inside.
 */
const LEAF = { __html: '' }

function Live<P extends object>({ component: Component, props, onLive }: { component: ComponentType<P>; props: P; onLive: () => void }) {
  useEffect(onLive, [onLive])
  return <Component {...props} />
}

export function lateIsland<P extends object>(load: Loader<P>, options: IslandOptions<P>) {
  function BrowserIsland(props: P) {
    const container = useRef<HTMLDivElement>(null)
    const root = useRef<Root | null>(null)
    // The props the server's HTML was drawn with, which the island's root must hydrate with; the latest the page has
    // given; and the last given to the root.
    const served = useRef(props)
    const latest = useRef(props)
    const shown = useRef<P | null>(null)
    // The island's root has hydrated (or drawn) what it was first given: presses go to it from then on. Until then it
    // must be given nothing new: React takes an update to a root still hydrating as a reason to drop the server's HTML
    // and draw it afresh (error 424), which loses a press held for the code and the visitor's focus.
    const ready = useRef(false)
    const render = useCallback((Component: ComponentType<P>, onLive: () => void, given: P) => {
      shown.current = given
      return <Live component={Component} props={given} onLive={onLive} />
    }, [])
    const component = useRef<{ Component: ComponentType<P>; onLive: () => void } | null>(null)
    const showLatest = useCallback(() => {
      if (!root.current || !component.current || !ready.current || shown.current === latest.current) return
      root.current.render(render(component.current.Component, component.current.onLive, latest.current))
    }, [render])

    useEffect(() => {
      latest.current = props
      showLatest()
    })

    useEffect(() => {
      const element = container.current
      if (!element) return
      let started = false
      let cancelled = false
      let pending: HTMLElement | null = null
      const onLive = () => {
        ready.current = true
        // Props the page gave while the root was hydrating.
        showLatest()
        const target = pending
        pending = null
        if (target?.isConnected) target.click()
      }
      const start = () => {
        if (started) return
        started = true
        load().then(
          (Component) => {
            if (cancelled) return
            component.current = { Component, onLive }
            // The server's HTML is there on a page load; a page drawn in the browser starts empty.
            if (element.firstChild) root.current = hydrateRoot(element, render(Component, onLive, served.current))
            else (root.current = createRoot(element)).render(render(Component, onLive, latest.current))
          },
          (error: unknown) => {
            started = false
            // Unhandled on purpose: ServiceWorkerRegistration turns a failed chunk load into a full page load.
            return Promise.reject(error)
          },
        )
      }
      const onClick = (event: MouseEvent) => {
        if (ready.current || options.worksWithout) return
        const target = event.target instanceof Element ? event.target.closest(PRESSABLE) : null
        if (!(target instanceof HTMLElement) || !element.contains(target)) return
        event.preventDefault()
        event.stopPropagation()
        pending = target
        start()
      }
      const cancelIdle = options.whenIdle === false ? () => undefined : whenIdle(start)
      for (const name of INTEREST) element.addEventListener(name, start, { capture: true, passive: true })
      element.addEventListener('click', onClick, true)
      for (const name of options.loadOn ?? []) window.addEventListener(name, start)
      // The document's first script makes a press it held again only once something here listens for it.
      element.setAttribute(ISLAND_LISTENING_ATTRIBUTE, '')
      return () => {
        element.removeAttribute(ISLAND_LISTENING_ATTRIBUTE)
        cancelled = true
        cancelIdle()
        for (const name of INTEREST) element.removeEventListener(name, start, { capture: true })
        element.removeEventListener('click', onClick, true)
        for (const name of options.loadOn ?? []) window.removeEventListener(name, start)
        const owned = root.current
        root.current = null
        // Not during the parent's own commit: React refuses to unmount a root synchronously from inside one.
        if (owned) setTimeout(() => owned.unmount(), 0)
      }
    }, [render, showLatest])

    // The page's hydration must not touch the server's HTML in here: an element with innerHTML is a leaf to
    // React, so it keeps whatever the server put inside until the island's own root takes over.
    return <div ref={container} className="late-island" dangerouslySetInnerHTML={LEAF} suppressHydrationWarning />
  }

  function ServerIsland(props: P) {
    const Component = options.server
    return <div className="late-island">{Component ? <Component {...props} /> : null}</div>
  }

  return typeof window === 'undefined' ? ServerIsland : BrowserIsland
}
