import { describe, expect, it } from 'vitest'
import { SITE_MENU_ESCAPE_SCRIPT } from './site-menu-script'

describe('SITE_MENU_ESCAPE_SCRIPT', () => {
  function load(menuOpen: boolean) {
    let listener: ((e: { key: string; defaultPrevented: boolean }) => void) | null = null
    const summary = { focused: false, focus() { this.focused = true } }
    const menu = { open: menuOpen, querySelector: (s: string) => (s === 'summary' ? summary : null) }
    const document = {
      addEventListener: (type: string, fn: typeof listener) => { if (type === 'keydown') listener = fn },
      querySelector: (s: string) => (s === 'details.site-menu[open]' && menu.open ? menu : null),
    }
    new Function('document', SITE_MENU_ESCAPE_SCRIPT)(document)
    return { press: (key: string, defaultPrevented = false) => listener!({ key, defaultPrevented }), menu, summary }
  }

  it('closes the open menu on Escape and gives focus back to its button', () => {
    const page = load(true)
    page.press('Escape')
    expect(page.menu.open).toBe(false)
    expect(page.summary.focused).toBe(true)
  })

  it('ignores other keys, a closed menu, and an Escape another widget already handled', () => {
    const page = load(true)
    page.press('Enter')
    page.press('Escape', true)
    expect(page.menu.open).toBe(true)
    expect(page.summary.focused).toBe(false)
    const closed = load(false)
    closed.press('Escape')
    expect(closed.summary.focused).toBe(false)
  })
})
