// The server's mini basket must be the live one's first render, or the swap when its code arrives would
// show (ADR 016).
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MiniBasket } from './mini-basket'
import { MiniBasketShell } from './mini-basket-shell'

describe('MiniBasketShell', () => {
  it('is the live mini basket as first rendered, with no count and a closed panel', () => {
    const shell = renderToStaticMarkup(createElement(MiniBasketShell))
    expect(shell).toBe(renderToStaticMarkup(createElement(MiniBasket)))
    expect(shell).toContain('aria-label="Basket"')
    expect(shell).toContain('aria-expanded="false"')
    expect(shell).toContain('hidden=""')
  })
})
