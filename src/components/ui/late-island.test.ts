// A late island is plain server-rendered HTML, in the same pass as the page: no Suspense boundary, so
// React cannot move it out of place to be revealed by a script later.
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { lateIsland } from './late-island'

const Button = ({ label }: { label: string }) => createElement('button', { type: 'button' }, label)

describe('lateIsland on the server', () => {
  it('renders the component itself inside its container, with no boundary', () => {
    const Island = lateIsland(async () => Button, { server: Button })
    expect(renderToString(createElement(Island, { label: 'Basket' }))).toBe('<div class="late-island"><button type="button">Basket</button></div>')
  })

  it('renders an empty container without a server component', () => {
    const Island = lateIsland(async () => Button, { server: undefined })
    expect(renderToString(createElement(Island, { label: 'Basket' }))).toBe('<div class="late-island"></div>')
  })
})
