// @vitest-environment happy-dom
// A late island in a browser's document: the page re-renders it while its own root is still hydrating the server's
// HTML (a router refresh, a store that changes as the page loads). The root must keep the server's HTML, and with it
// the element a held press and the visitor's focus are on, and show the new props once it has hydrated.
import { createElement, useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { hydrateRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ISLAND_LISTENING_ATTRIBUTE } from '../../lib/http/paint-first.mjs'
import { lateIsland } from './late-island'

const Label = ({ label }: { label: string }) => createElement('button', { type: 'button' }, label)

async function until(done: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (done()) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`${what} did not happen`)
}

let page: Root | undefined
afterEach(() => {
  page?.unmount()
  page = undefined
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('a late island hydrating while the page gives it new props', () => {
  it('keeps the server’s elements and shows the new props once hydrated', async () => {
    let code: ((component: typeof Label) => void) | undefined
    const Island = lateIsland(() => new Promise<typeof Label>((resolve) => (code = resolve)), { server: undefined })
    let setLabel: ((label: string) => void) | undefined
    function Page({ expose }: { expose: (set: (label: string) => void) => void }) {
      const [label, set] = useState('Basket: 1 item')
      useEffect(() => expose(set), [expose])
      return createElement('div', null, createElement(Island, { label }))
    }
    const problems: unknown[] = []
    vi.spyOn(console, 'error').mockImplementation((...args) => void problems.push(args))
    window.addEventListener('error', (event) => problems.push(event.error ?? event.message))

    // The server's HTML, as the page's document holds it.
    document.body.innerHTML = '<div id="page"><div><div class="late-island"><button type="button">Basket: 1 item</button></div></div></div>'
    const button = document.querySelector('button')!
    page = hydrateRoot(document.getElementById('page')!, createElement(Page, { expose: (set) => (setLabel = set) }), { onRecoverableError: (error) => problems.push(error) })
    const island = document.querySelector('.late-island')!
    await until(() => island.hasAttribute(ISLAND_LISTENING_ATTRIBUTE), 'the island listening')

    // The visitor reaches for it: its code is fetched, arrives, and its root starts hydrating...
    button.dispatchEvent(new Event('focusin', { bubbles: true }))
    expect(code).toBeDefined()
    code!(Label)
    await Promise.resolve()
    await Promise.resolve()
    // ...and before it has, the page renders the island again with new props, effects and all.
    flushSync(() => setLabel!('Basket: 2 items'))

    await until(() => island.textContent === 'Basket: 2 items', 'the new props shown')
    expect(button.isConnected, 'the server’s button is the one on screen').toBe(true)
    expect(island.querySelectorAll('button')).toHaveLength(1)
    expect(problems).toEqual([])

    // Once live, rendering the island again gives its root the props and leaves what the root drew in place.
    flushSync(() => setLabel!('Basket: 3 items'))
    await until(() => island.textContent === 'Basket: 3 items', 'the next props shown')
    expect(button.isConnected).toBe(true)
    expect(problems).toEqual([])
  })
})
