// Search as a customer meets it: the header's search box on every page, its suggestions chosen by
// keyboard alone on a phone and on a desktop, without JavaScript, and the phone header that leaves room for the shop.
// The browser gate (axe, contrasts) checks every page these tests open; the open list is checked on purpose.
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { closeBrowser, newPage, axeFindingsInTurn } from './browser'
import { rejectAnalyticsCookies } from './shop-fixtures'

const PHONE = { width: 412, height: 900 }
const DESKTOP = { width: 1280, height: 800 }

afterAll(closeBrowser)

const box = (page: Page) => page.locator('#site-search-q')
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' })

/** Presses Tab until `done` says the focus has arrived, as a keyboard user would; fails after `max` presses. */
async function tabUntil(page: Page, done: () => Promise<boolean>, what: string, max = 12) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await done()) return
  }
  throw new Error(`${what} was not reached in ${max} presses of Tab`)
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')

/** From the top of a fresh page: answers the cookie question and reaches the search box, by keyboard only. */
async function keyboardToSearch(page: Page) {
  await tabUntil(page, async () => (await focusedText(page)) === 'Reject analytics cookies', 'the cookie question')
  await page.keyboard.press('Enter')
  await page.getByRole('region', { name: 'Cookies' }).waitFor({ state: 'detached' })
  await tabUntil(page, async () => (await focusedId(page)) === 'site-search-q', 'the header search box')
}

/** The listbox group ("Products", "Brands", "Categories") of the option the combobox points at now. */
async function activeGroup(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const id = document.getElementById('site-search-q')?.getAttribute('aria-activedescendant')
    const option = id ? document.getElementById(id) : null
    const group = option?.closest('[role="group"]')?.getAttribute('aria-labelledby')
    return group ? (document.getElementById(group)?.textContent ?? null) : null
  })
}

/**
 * The gate's axe checks on the header alone, with its list or menu open over the page: the page beneath is covered
 * there, so axe cannot judge its contrast (bgOverlap); the gate checks the whole page as it loads and again at the end
 * of each test.
 */
const headerFindings = (page: Page) => axeFindingsInTurn(page, [], undefined, '.site-header')

/** The expanded state Chromium gives assistive technology for the element at `selector` (its accessibility tree). */
async function exposedExpanded(page: Page, selector: string): Promise<{ role: unknown; expanded: unknown }> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 })
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })
    const node = nodes[0]
    return { role: node?.role?.value, expanded: node?.properties?.find((p) => p.name === 'expanded')?.value.value ?? false }
  } finally {
    await cdp.detach()
  }
}

describe('suggestions in the header search', () => {
  it('on a phone: Tab to the box, type, ArrowDown, Enter lands on the product', async () => {
    const { page } = await newPage(PHONE)
    await page.goto('/')
    // Nothing of the combobox's code is fetched before the box is reached for.
    await expect(box(page).getAttribute('role')).resolves.toBeNull()
    await keyboardToSearch(page)
    await page.keyboard.type('honda')
    await listbox(page).waitFor({ state: 'visible' })
    await expect(box(page).getAttribute('role')).resolves.toBe('combobox')
    await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('true')
    await expect(box(page).getAttribute('aria-controls')).resolves.toBe(await listbox(page).getAttribute('id'))

    // Products with their price, brands and categories with their counts, and a polite announcement of how many.
    const products = listbox(page).getByRole('group', { name: 'Products' }).getByRole('option')
    expect(await products.count()).toBeGreaterThan(0)
    for (const text of await products.allTextContents()) expect(text).toMatch(/Honda.*(£[\d,]+|Price on application)/)
    await expect(listbox(page).getByRole('group', { name: 'Brands' }).getByRole('option').first().textContent()).resolves.toMatch(/^Honda\d+ products?$/)
    await expect(listbox(page).getByRole('group', { name: 'Categories' }).getByRole('option').first().textContent()).resolves.toMatch(/\d+ products?$/)
    const total = await listbox(page).getByRole('option').count()
    const status = page.getByRole('status').filter({ hasText: /suggestion/ })
    await expect(status.textContent()).resolves.toBe(`${total} suggestions. Use the up and down arrows to choose.`)

    expect(await headerFindings(page), 'axe on the header with the suggestions open').toEqual([])

    await page.keyboard.press('ArrowDown')
    const firstId = await products.first().getAttribute('id')
    await expect(box(page).getAttribute('aria-activedescendant')).resolves.toBe(firstId)
    await expect(products.first().getAttribute('aria-selected')).resolves.toBe('true')
    const name = ((await products.first().locator('.site-search__label').textContent()) ?? '').trim()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/products\/[^/?]+$/)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(name)
  })

  it('on a desktop: Tab to the box, type, arrows down to a brand, Enter lands on the brand page', async () => {
    const { page } = await newPage(DESKTOP)
    await page.goto('/all-bikes')
    await keyboardToSearch(page)
    await page.keyboard.type('honda')
    await listbox(page).waitFor({ state: 'visible' })
    let presses = 0
    while ((await activeGroup(page)) !== 'Brands') {
      expect(++presses, 'ArrowDown presses to reach the brands').toBeLessThanOrEqual(12)
      await page.keyboard.press('ArrowDown')
    }
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/brand\/honda$/)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Honda/)
  })

  it('goes up from the box to the last option, a category, and Enter lands on the category page', async () => {
    const { page } = await newPage(DESKTOP)
    await page.goto('/')
    await rejectAnalyticsCookies(page)
    await box(page).focus()
    await page.keyboard.type('helmet')
    await listbox(page).waitFor({ state: 'visible' })
    await page.keyboard.press('ArrowUp')
    expect(await activeGroup(page)).toBe('Categories')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/category\//)
  })

  it('Escape closes the list, and pressed again clears the box', async () => {
    const { page } = await newPage(PHONE)
    await page.goto('/')
    await rejectAnalyticsCookies(page)
    await box(page).focus()
    await page.keyboard.type('ktm')
    await listbox(page).waitFor({ state: 'visible' })
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Escape')
    await listbox(page).waitFor({ state: 'hidden' })
    await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('false')
    await expect(box(page).getAttribute('aria-activedescendant')).resolves.toBeNull()
    await expect(box(page).inputValue()).resolves.toBe('ktm')
    // Down opens it again; Escape closes it; Escape once more empties the box
    await page.keyboard.press('ArrowDown')
    await listbox(page).waitFor({ state: 'visible' })
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await expect(box(page).inputValue()).resolves.toBe('')
    await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('false')
    // and Enter on the box itself, with no option chosen, searches for the words
    await page.keyboard.type('ktm duke')
    await listbox(page).waitFor({ state: 'visible' })
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/search\?q=ktm\+duke$/)
    expect(await page.locator('.listing__grid .product-card__name').allTextContents()).toContain('KTM 390 Duke')
  })

  it('says so when nothing is suggested', async () => {
    const { page } = await newPage(PHONE)
    await page.goto('/')
    await rejectAnalyticsCookies(page)
    await box(page).focus()
    await page.keyboard.type('zzzxxy')
    await page.getByRole('status').filter({ hasText: 'No suggestions.' }).waitFor({ state: 'attached' })
    await expect(listbox(page).isVisible()).resolves.toBe(false)
    await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('false')
  })

  it('without JavaScript the header box is a plain form to /search, and the results show', async () => {
    const { page } = await newPage(PHONE, { javaScriptEnabled: false })
    await page.goto('/')
    const search = page.getByRole('search', { name: 'Site' }).getByRole('searchbox', { name: 'Search bikes, brands and gear' })
    await search.fill('helmets')
    await search.press('Enter')
    await page.waitForURL(/\/search\?q=helmets$/)
    expect(await page.locator('.listing__grid .product-card__name').allTextContents()).toEqual(expect.arrayContaining(['Shoei NXR2 Helmet']))
    // and by its button
    await page.getByRole('search', { name: 'Site' }).getByRole('searchbox').fill('ktm duke')
    await page.getByRole('search', { name: 'Site' }).getByRole('button', { name: 'Search' }).click()
    await page.waitForURL(/\/search\?q=ktm\+duke$/)
    expect(await page.locator('.listing__grid .product-card__name').allTextContents()).toContain('KTM 390 Duke')

    // Nothing found: the nearest match and the popular categories are offered instead
    await page.getByRole('search', { name: 'Site' }).getByRole('searchbox').fill('aafrika tvvin')
    await page.getByRole('search', { name: 'Site' }).getByRole('searchbox').press('Enter')
    await page.waitForURL(/\/search\?q=aafrika\+tvvin$/)
    const main = page.getByRole('main')
    await expect(main.getByText(/^No products match/).count()).resolves.toBe(1)
    await expect(main.locator('.search-help__categories').getByRole('link').count()).resolves.toBeGreaterThan(0)
    await main.getByRole('link', { name: 'Africa Twin' }).click()
    await page.waitForURL(/\/search\?q=Africa%20Twin$/)
    expect(await page.locator('.listing__grid .product-card__name').allTextContents()).toContain('Used Honda Africa Twin 2020')
  })
})

describe('the phone header', () => {
  it('at 412×900: logo, search, account, basket and the menu button on one row; the first bike is on the first screen', async () => {
    const { page } = await newPage(PHONE)
    await page.goto('/all-bikes')
    await rejectAnalyticsCookies(page)
    await page.getByRole('region', { name: 'Cookies' }).waitFor({ state: 'detached' })
    const header = await page.locator('.site-header').boundingBox()
    expect(header!.height).toBeLessThanOrEqual(72)
    const parts = {
      logo: page.getByRole('link', { name: 'Wheelhouse home' }),
      search: box(page),
      account: page.getByRole('link', { name: 'Your account' }),
      basket: page.getByRole('button', { name: /^Basket/ }),
      menu: page.locator('summary.site-menu__button'),
    }
    for (const [part, locator] of Object.entries(parts)) {
      const b = await locator.boundingBox()
      expect(b, `${part} is shown`).not.toBeNull()
      expect(b!.y, `${part} is in the header's one row`).toBeGreaterThanOrEqual(header!.y)
      expect(b!.y + b!.height, `${part} is in the header's one row`).toBeLessThanOrEqual(header!.y + header!.height)
      expect(b!.x + b!.width, `${part} is inside the screen`).toBeLessThanOrEqual(PHONE.width)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0)
    const card = await page.locator('.listing__grid .product-card').first().boundingBox()
    expect(card, 'the first product card').not.toBeNull()
    expect(card!.y).toBeGreaterThanOrEqual(0)
    expect(card!.x).toBeGreaterThanOrEqual(0)
    expect(card!.y + card!.height, 'the first card ends above the fold').toBeLessThanOrEqual(PHONE.height)
    expect(card!.x + card!.width).toBeLessThanOrEqual(PHONE.width)
  })

  it('the menu button opens and closes the category links, its expanded state following', async () => {
    const { page } = await newPage(PHONE)
    await page.goto('/')
    await rejectAnalyticsCookies(page)
    const menu = page.locator('summary.site-menu__button')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const allBikes = nav.getByRole('link', { name: 'All bikes' })
    await expect(allBikes.isVisible()).resolves.toBe(false)
    await expect(exposedExpanded(page, 'summary.site-menu__button')).resolves.toEqual({ role: 'DisclosureTriangle', expanded: false })

    await menu.focus()
    await page.keyboard.press('Enter')
    await allBikes.waitFor({ state: 'visible' })
    await expect(exposedExpanded(page, 'summary.site-menu__button')).resolves.toEqual({ role: 'DisclosureTriangle', expanded: true })
    const links = await nav.getByRole('link').allTextContents()
    expect(links).toEqual(expect.arrayContaining(['All bikes', 'Blog']))
    expect(links.length).toBeGreaterThan(3)
    const panel = await nav.boundingBox()
    expect(panel!.y + panel!.height).toBeLessThanOrEqual(PHONE.height)
    expect(await headerFindings(page), 'axe on the header with the menu open').toEqual([])

    await page.keyboard.press('Enter')
    await allBikes.waitFor({ state: 'hidden' })
    await expect(exposedExpanded(page, 'summary.site-menu__button')).resolves.toEqual({ role: 'DisclosureTriangle', expanded: false })
  })

  it('the menu works without JavaScript too', async () => {
    const { page } = await newPage(PHONE, { javaScriptEnabled: false })
    await page.goto('/')
    const allBikes = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All bikes' })
    await expect(allBikes.isVisible()).resolves.toBe(false)
    await page.locator('summary.site-menu__button').click()
    await allBikes.click()
    await page.waitForURL(/\/all-bikes$/)
  })

  it('on a desktop the category links are a row of their own, with no menu button', async () => {
    const { page } = await newPage(DESKTOP)
    await page.goto('/')
    await expect(page.locator('summary.site-menu__button').isVisible()).resolves.toBe(false)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'All bikes' }).waitFor({ state: 'visible' })
    const logo = await page.getByRole('link', { name: 'Wheelhouse home' }).boundingBox()
    const search = await box(page).boundingBox()
    const links = await nav.boundingBox()
    expect(Math.abs(logo!.y + logo!.height / 2 - (search!.y + search!.height / 2))).toBeLessThanOrEqual(8)
    expect(links!.y).toBeGreaterThanOrEqual(search!.y + search!.height)
    await expect(page.getByRole('link', { name: 'Your account' }).textContent()).resolves.toBe('Your account')
  })

  it('at 412×900: a filter read from the words is the page’s own ticked box, counted and removed like any other (axe)', async () => {
    const { page } = await newPage(PHONE)
    await page.goto('/search?q=a2+bikes')
    await rejectAnalyticsCookies(page)
    // the words' licence is in the address and in the form: one active filter, the A2 box ticked
    const url = new URL(page.url())
    expect(url.searchParams.get('q')).toBe('bikes')
    expect(url.searchParams.getAll('licence')).toEqual(['A2'])
    const summary = page.locator('summary.filters__summary', { hasText: /^Filters/ })
    await expect(summary.textContent()).resolves.toBe('Filters (1 active)')
    await summary.click()
    const a2 = page.getByRole('checkbox', { name: /^A2\b/ })
    expect(await a2.isChecked()).toBe(true)
    expect(await axeFindingsInTurn(page)).toEqual([])
    await a2.uncheck()
    await page.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL((u) => !u.searchParams.has('licence'))
    expect(new URL(page.url()).searchParams.get('q')).toBe('bikes')
    await expect(page.locator('summary.filters__summary', { hasText: /^Filters/ }).textContent()).resolves.toBe('Filters')
    expect(await axeFindingsInTurn(page)).toEqual([])
  })
})
