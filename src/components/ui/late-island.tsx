'use client'
// A client component that costs the page nothing before it is needed (ADR 016): the server renders its
// first look as plain HTML (the children), and its code loads once the page is idle, or at once when the
// visitor points at, focuses or clicks it. A click that lands before the code does is replayed on the
// same button once it has rendered, and focus stays where it was.
import { useEffect, useRef, useState, type ComponentType, type ReactNode, type SyntheticEvent } from 'react'

type Loader<P> = () => Promise<ComponentType<P>>

interface IslandOptions {
  /** Window events that load the island at once (for a control elsewhere on the page that talks to it). */
  readonly loadOn?: readonly string[]
}

/** Where `node` sits under `root`, as child indexes; null when it is not inside. */
export function pathWithin(root: Element, node: Element | null): number[] | null {
  const path: number[] = []
  let current = node
  while (current && current !== root) {
    const parent: Element | null = current.parentElement
    if (!parent) return null
    path.unshift(Array.prototype.indexOf.call(parent.children, current))
    current = parent
  }
  return current === root ? path : null
}

export function elementAt(root: Element, path: readonly number[]): Element | null {
  let current: Element | null = root
  for (const index of path) current = current?.children[index] ?? null
  return current
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

export function lateIsland<P extends object>(load: Loader<P>, options: IslandOptions = {}) {
  function LateIsland(props: P & { children: ReactNode }) {
    const { children, ...rest } = props
    const [Component, setComponent] = useState<ComponentType<P> | null>(null)
    const root = useRef<HTMLDivElement>(null)
    const started = useRef(false)
    const replay = useRef<{ path: number[]; click: boolean } | null>(null)

    const start = () => {
      if (started.current) return
      started.current = true
      load().then(
        (loaded) => {
          // Keep focus where it is across the swap from the server's HTML to the live component.
          if (root.current && !replay.current) {
            const focused = pathWithin(root.current, document.activeElement)
            if (focused && focused.length) replay.current = { path: focused, click: false }
          }
          setComponent(() => loaded)
        },
        (error: unknown) => {
          started.current = false
          // The same rejection the service worker registration turns into a full load of the page.
          return Promise.reject(error)
        },
      )
    }

    useEffect(() => {
      const cancel = whenIdle(start)
      const events = options.loadOn ?? []
      for (const name of events) window.addEventListener(name, start)
      return () => {
        cancel()
        for (const name of events) window.removeEventListener(name, start)
      }
    }, [])

    useEffect(() => {
      if (!Component || !root.current || !replay.current) return
      const { path, click } = replay.current
      replay.current = null
      const target = elementAt(root.current, path)
      if (target instanceof HTMLElement) {
        target.focus()
        if (click) target.click()
      }
    }, [Component])

    // Before the code is here: any sign of interest loads it, and a click on a button waits for it.
    const onInterest = () => start()
    const onClickCapture = (event: SyntheticEvent) => {
      if (Component || !root.current) return
      const button = event.target instanceof Element ? event.target.closest('button') : null
      const path = button ? pathWithin(root.current, button) : null
      if (!path) return
      event.preventDefault()
      event.stopPropagation()
      replay.current = { path, click: true }
      start()
    }

    return (
      <div
        ref={root}
        className="late-island"
        onPointerOver={Component ? undefined : onInterest}
        onPointerDown={Component ? undefined : onInterest}
        onFocus={Component ? undefined : onInterest}
        onClickCapture={Component ? undefined : onClickCapture}
      >
        {Component ? <Component {...(rest as P)} /> : children}
      </div>
    )
  }
  return LateIsland
}
