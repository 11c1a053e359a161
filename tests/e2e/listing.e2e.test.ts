// The bike listings as a customer uses them: filters, sort, paging, category and brand pages,
// search, the forms without JavaScript, and accessibility.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { axeViolations, closeBrowser, newPage } from './browser'
import { addFromProductPage, rejectAnalyticsCookies } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
const WIDE = { width: 1280, height: 900 }
const PHONE = { width: 412, height: 900 }
const shotDir = path.resolve('data/e2e/screenshots')

/** A control's accessible name: its words, then the bike's name from a visually hidden span (Chromium puts a space before its colon). */
const named = (words: string, bike: string) => new RegExp(`^${words}\\s?: ${bike.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

afterAll(closeBrowser)

async function cardNames(page: Page): Promise<string[]> {
  return page.locator('.listing__grid .product-card__name').allTextContents()
}

/** Rendered card prices in pence, in page order; Infinity for "Price on application". */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('.listing__grid .product-card__price').allTextContents()
  return texts.map((t) => {
    const m = /£([\d,]+(?:\.\d{2})?)/.exec(t)
    return m ? Math.round(Number(m[1]!.replace(/,/g, '')) * 100) : Number.POSITIVE_INFINITY
  })
}

async function count(page: Page): Promise<number> {
  const text = (await page.getByRole('status').first().textContent()) ?? ''
  return Number(/^([\d,]+)/.exec(text.trim())?.[1]?.replace(/,/g, '') ?? NaN)
}

describe('/all-bikes', () => {
  it('lists every bike with a count, 24 per page, and pages through them', async () => {
    const { page, problems } = await newPage(WIDE)
    await page.goto('/all-bikes')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('All bikes')
    const total = await count(page)
    expect(total).toBe(47)
    await expect(page.getByRole('status').first().textContent()).resolves.toMatch(/^47 bikes/)
    const first = await cardNames(page)
    expect(first).toHaveLength(24)
    expect(first).not.toContain('Shoei NXR2 Helmet')

    const pagination = page.getByRole('navigation', { name: 'Pagination' })
    await pagination.getByRole('link', { name: /Next/ }).click()
    await page.waitForURL(/\/all-bikes\?page=2$/)
    const second = await cardNames(page)
    expect(second).toHaveLength(total - 24)
    expect(second.filter((n) => first.includes(n))).toEqual([])
    await expect(pagination.locator('[aria-current="page"]').textContent()).resolves.toMatch(/2/)
    expect(problems).toEqual([])
  })

  it('filters by condition through the form and keeps the filter in the URL', async () => {
    const { page, problems } = await newPage(WIDE)
    await page.goto('/all-bikes')
    await page.getByRole('group', { name: 'Condition' }).getByLabel('Used').check()
    await page.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL(/\/all-bikes\?condition=used$/)
    expect(await count(page)).toBe(8)
    // Each card's condition badge (a used bike may carry a write-off category badge beside it).
    const badges = await page.locator('.listing__grid .product-card .badge:is(.badge--used, .badge--new)').allTextContents()
    expect(badges).toHaveLength(8)
    expect(new Set(badges)).toEqual(new Set(['Used']))
    await expect(page.locator('.listing__grid .product-card [data-testid="write-off"]').allTextContents()).resolves.toEqual(['Cat N'])
    // the back button returns to the unfiltered list
    await page.goBack()
    await page.waitForURL(/\/all-bikes$/)
    expect(await count(page)).toBe(47)
    expect(problems).toEqual([])
  })

  it('filters by brand and by engine size', async () => {
    const { page } = await newPage(WIDE)
    await page.goto('/all-bikes')
    await page.getByRole('group', { name: 'Brand' }).getByLabel('KTM').check()
    await page.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL(/brand=ktm/)
    const names = await cardNames(page)
    expect(names.length).toBe(4)
    expect(names.every((n) => n.includes('KTM'))).toBe(true)

    await page.goto('/all-bikes?ccMax=125&licence=A1')
    const small = await cardNames(page)
    expect(small).toEqual(expect.arrayContaining(['Honda CB125F', 'Honda PCX125', 'Mutt Mongrel 125']))
    expect(small).not.toContain('Peugeot Kisbee 50') // AM licence
    expect(small).not.toContain('Trek FX 2') // bicycles have no engine
  })

  it('sorts by price increasing and decreasing, by the rendered prices', async () => {
    const { page } = await newPage(WIDE)
    await page.goto('/all-bikes')
    await page.getByLabel('Sort by').selectOption('price-asc')
    await page.getByRole('button', { name: 'Sort', exact: true }).click()
    await page.waitForURL(/sort=price-asc/)
    const ascending = await cardPrices(page)
    expect(ascending).toHaveLength(24)
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
    expect(ascending[0]).toBe(24_999) // Raleigh Krush 20, the cheapest bike

    await page.goto('/all-bikes?sort=price-desc')
    const descending = await cardPrices(page)
    expect(descending).toEqual([...descending].sort((a, b) => b - a))
    expect(descending[0]).toBe(2_074_900) // KTM 1390 Super Duke R: £20,499 and £250 on-the-road charges
    // page 2 continues below page 1
    await page.goto('/all-bikes?sort=price-desc&page=2')
    const next = await cardPrices(page)
    expect(Math.max(...next)).toBeLessThanOrEqual(descending.at(-1)!)
    expect(next).toEqual([...next].sort((a, b) => b - a))
  })

  it('filters by price range given in pounds', async () => {
    const { page } = await newPage(WIDE)
    await page.goto('/all-bikes?min=1000&max=3000&sort=price-asc')
    const prices = await cardPrices(page)
    expect(prices.length).toBeGreaterThan(0)
    expect(prices.every((p) => p >= 100_000 && p <= 300_000)).toBe(true)
  })

  it('cleans an address full of empty or unknown values', async () => {
    const res = await fetch(`${base}/all-bikes?category=&brand=&condition=used&min=&max=&sort=bogus&page=abc`, { redirect: 'manual' })
    expect([303, 307, 308]).toContain(res.status)
    expect(new URL(res.headers.get('location')!, base).search).toBe('?condition=used')
  })

  it('sends a page past the end to the last page there is, never to a 404', async () => {
    const res = await fetch(`${base}/all-bikes?page=99999`, { redirect: 'manual' })
    expect([303, 307, 308]).toContain(res.status)
    const last = new URL(res.headers.get('location')!, base)
    expect(last.pathname).toBe('/all-bikes')
    const landed = await fetch(last)
    expect(landed.status).toBe(200)
    const lastPage = Number(last.searchParams.get('page') ?? '1')
    // React's server HTML separates text from the values in it with empty comments
    const html = (await landed.text()).replace(/<!-- -->/g, '')
    if (lastPage > 1) expect(html).toContain(`page ${lastPage} of ${lastPage}`)
    else expect(html).not.toContain(' of 1<')
    // Nothing matching at all: the first page, which says so.
    const none = await fetch(`${base}/all-bikes?min=999999&page=5`)
    expect(none.status).toBe(200)
    expect(new URL(none.url).searchParams.get('page')).toBeNull()
  })

  it('works with JavaScript turned off', async () => {
    // the browser gate checks these pages too (tests/e2e/browser.ts)
    const { page } = await newPage({ width: 390, height: 844 }, { javaScriptEnabled: false })
    await page.goto('/all-bikes')
    // on a phone the filters are folded away in a <details>, which opens without JavaScript
    await page.getByText('Filters', { exact: true }).click()
    await page.getByRole('group', { name: 'Condition' }).getByLabel('Used').check()
    await page.getByRole('group', { name: 'Brand' }).getByLabel('Honda').check()
    await page.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL(/brand=honda&condition=used/)
    const names = await cardNames(page)
    expect(names.sort()).toEqual(['Used Honda Africa Twin 2020', 'Used Honda CB500F 2021'])

    await page.goto('/all-bikes')
    await page.getByLabel('Sort by').selectOption('price-desc')
    await page.getByRole('button', { name: 'Sort', exact: true }).click()
    await page.waitForURL(/sort=price-desc/)
    const prices = await cardPrices(page)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: /Next/ }).click()
    await page.waitForURL(/sort=price-desc&page=2/)
    expect(await cardNames(page)).toHaveLength(23)
  })

  it('shows how many bikes each option leaves, and disables the options that leave none', async () => {
    const { page, problems } = await newPage(WIDE)
    await page.goto('/all-bikes?brand=honda&condition=used')
    expect(await count(page)).toBe(2)
    const brand = page.getByRole('group', { name: 'Brand' })
    // the chosen brand keeps its count (another condition or brand is counted beside it) and is never disabled
    await expect(brand.getByRole('checkbox', { name: 'Honda, 2 bikes', exact: true }).isChecked()).resolves.toBe(true)
    await expect(brand.getByRole('checkbox', { name: 'Honda, 2 bikes', exact: true }).isEnabled()).resolves.toBe(true)
    await expect(brand.getByRole('checkbox', { name: 'Brompton, 0 bikes', exact: true }).isDisabled()).resolves.toBe(true)
    await expect(brand.getByText('Brompton (0)').isVisible()).resolves.toBe(true)
    // condition is one choice: "New" counts Honda's new bikes, replacing "Used"
    const condition = page.getByRole('group', { name: 'Condition' })
    await expect(condition.getByRole('radio', { name: 'New, 5 bikes', exact: true }).isEnabled()).resolves.toBe(true)
    await expect(condition.getByRole('radio', { name: 'Any, 7 bikes', exact: true }).isEnabled()).resolves.toBe(true)
    // an option's count is what choosing it shows
    const band = page.getByRole('group', { name: 'Engine size' }).getByRole('checkbox', { name: /^126 to 500cc, \d+ bikes?$/ })
    const promised = Number(/, (\d+) bike/.exec((await band.getAttribute('aria-label'))!)![1])
    expect(promised).toBeGreaterThan(0)
    await band.check()
    await page.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL(/engine=126-500/)
    expect(await count(page)).toBe(promised)
    expect(problems).toEqual([])
  })

  it('sends the filter form once: in the HTML, and only its facts in the page data', async () => {
    const html = await (await fetch(`${base}/all-bikes`)).text()
    const flight = [...html.matchAll(/self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g)].map((m) => JSON.parse(m[1]!) as string).join('')
    expect(flight.length).toBeGreaterThan(10_000)
    // the form's markup is in the HTML, with every option the page shows ...
    const { page, problems } = await newPage(WIDE)
    await page.goto('/all-bikes')
    const options = await page.locator('.filters__check').count()
    expect(options).toBeGreaterThan(20)
    expect(html.split('class="filters__check').length - 1).toBe(options)
    // ... and not a second time in the page's data, which carries the counts the form is drawn from
    expect(flight).not.toContain('filters__check')
    expect(flight).toContain('"brands":[')
    expect(problems).toEqual([])
  })

  it('has a canonical URL and BreadcrumbList JSON-LD', async () => {
    const html = await (await fetch(`${base}/all-bikes?condition=used&sort=price-asc`)).text()
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/all-bikes"\/>/)
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1]
    const ld = JSON.parse(json!) as { '@type': string; itemListElement: { name: string; position: number }[] }
    expect(ld['@type']).toBe('BreadcrumbList')
    expect(ld.itemListElement.map((i) => i.name)).toEqual(['Home', 'All bikes'])
    const page2 = await (await fetch(`${base}/all-bikes?page=2`)).text()
    expect(page2).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/all-bikes\?page=2"\/>/)
  })

  it('has no WCAG 2.2 AA violations, wide and narrow', async () => {
    for (const viewport of [WIDE, { width: 390, height: 844 }]) {
      const { page } = await newPage(viewport)
      await page.goto('/all-bikes?condition=new')
      expect(await axeViolations(page)).toEqual([])
    }
  })
})

describe('/all-bikes on a phone', () => {
  it('counts only what is inside Filters: a monthly budget alone is no filter, and clearing filters keeps it', async () => {
    const { page, problems } = await newPage(PHONE)
    await page.goto('/all-bikes?monthly=1000')
    await page.waitForURL(/monthly=1000/)
    const filters = page.locator('summary', { hasText: /^Filters/ })
    await expect(filters.textContent()).resolves.toBe('Filters')
    await expect(page.locator('summary', { hasText: /^Monthly budget/ }).textContent()).resolves.toBe('Monthly budget (set)')

    await page.goto('/all-bikes?condition=used&monthly=1000')
    await expect(filters.textContent()).resolves.toBe('Filters (1 active)')
    await filters.click()
    await page.getByRole('link', { name: 'Clear filters' }).click()
    await page.waitForURL((u) => !u.searchParams.has('condition'))
    expect(new URL(page.url()).searchParams.get('monthly')).toBe('1000')
    await expect(filters.textContent()).resolves.toBe('Filters')
    expect(problems).toEqual([])
  })

  it('compares three bikes straight from the list, with the list a bike page keeps', async () => {
    const { page, problems } = await newPage(PHONE)
    await page.goto('/all-bikes')
    await rejectAnalyticsCookies(page)
    const cards = await page.locator('.listing__grid .product-card__link').evaluateAll((links) =>
      links.slice(0, 3).map((a) => ({ slug: new URL((a as HTMLAnchorElement).href).pathname.split('/').pop()!, name: a.querySelector('.product-card__name')!.textContent! })),
    )
    expect(cards).toHaveLength(3)
    // Every bike's card has the control, not only the first few.
    const controls = page.locator('.listing__grid .card-compare')
    await controls.first().waitFor()
    await expect(controls.count()).resolves.toBe(await page.locator('.listing__grid .product-card').count())
    for (const [i, bike] of cards.entries()) {
      await page.getByRole('button', { name: named('Add to compare', bike.name) }).click()
      await expect.poll(() => page.getByRole('button', { name: named('Added to compare', bike.name) }).getAttribute('aria-pressed')).toBe('true')
      await page.getByRole('link', { name: i === 0 ? 'Compare 1 bike' : `Compare ${i + 1} bikes` }).waitFor()
    }
    // The link to the comparison stays in view at the foot of the screen.
    const bar = await page.getByRole('link', { name: 'Compare 3 bikes' }).boundingBox()
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(PHONE.height)
    fs.mkdirSync(shotDir, { recursive: true })
    await page.screenshot({ path: path.join(shotDir, 'all-bikes-compare-412.png') })
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('link', { name: 'Compare 3 bikes' }).click()
    await page.waitForURL(/\/compare\?bikes=/)
    expect(new URL(page.url()).searchParams.get('bikes')).toBe(cards.map((b) => b.slug).join(','))
    const columns = await page.getByRole('table', { name: 'Compared bikes, one column a bike' }).getByRole('columnheader').allTextContents()
    for (const bike of cards) expect(columns.some((c) => c.includes(bike.name)), bike.name).toBe(true)
    // One list: the bike's own page knows it was added from the listing.
    await page.goto(`/products/${cards[0]!.slug}`)
    await expect.poll(() => page.getByRole('button', { name: named('Added to compare', cards[0]!.name) }).getAttribute('aria-pressed')).toBe('true')
    expect(problems).toEqual([])
  })

  it('closes the menu with Escape, keeps the search placeholder whole beside a basket count, and sets buttons in the shop\'s type', async () => {
    const { page, problems } = await newPage({ width: 360, height: 800 })
    await addFromProductPage(page, '/products/abus-granit-x-plus-540')
    await page.goto('/all-bikes')
    await page.getByTestId('basket-count').waitFor()
    const search = await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('#site-search-q')!
      const style = getComputedStyle(input)
      const context = document.createElement('canvas').getContext('2d')!
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      return { text: context.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) }
    })
    fs.mkdirSync(shotDir, { recursive: true })
    await page.screenshot({ path: path.join(shotDir, 'header-basket-360.png'), clip: { x: 0, y: 0, width: 360, height: 120 } })
    expect(search.room, 'room for the placeholder "Search"').toBeGreaterThanOrEqual(search.text)

    const menu = page.locator('details.site-menu')
    await page.locator('summary.site-menu__button').click()
    await expect(menu.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true)
    await page.keyboard.press('Escape')
    await expect(menu.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false)
    await expect(page.evaluate(() => document.activeElement?.classList.contains('site-menu__button'))).resolves.toBe(true)

    await page.locator('.listing__grid .card-compare').first().waitFor()
    const type = await page.evaluate(() => {
      const of = (el: Element) => ({ family: getComputedStyle(el).fontFamily, size: getComputedStyle(el).fontSize })
      return { body: of(document.body), compare: of(document.querySelector('.card-compare')!), sort: of(document.querySelector('#sort')!) }
    })
    expect(type.compare).toEqual(type.body)
    expect(type.sort.family).toBe(type.body.family)
    expect(problems).toEqual([])
  })

  it('compares from the cards on a desktop with the same control as on a phone', async () => {
    const { page, problems } = await newPage({ width: 1280, height: 800 })
    await page.goto('/all-bikes')
    await rejectAnalyticsCookies(page)
    const names = await page.locator('.listing__grid .product-card__name').evaluateAll((els) => els.slice(0, 2).map((e) => e.textContent!))
    for (const [i, name] of names.entries()) {
      await page.getByRole('button', { name: named('Add to compare', name) }).click()
      await page.getByRole('link', { name: i === 0 ? 'Compare 1 bike' : `Compare ${i + 1} bikes` }).waitFor()
    }
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })
})

describe('category and brand pages', () => {
  it('/category/motorcycles/naked lists the naked bikes', async () => {
    const { page, problems } = await newPage(WIDE)
    await page.goto('/category/motorcycles/naked')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Naked')
    expect((await cardNames(page)).sort()).toEqual(
      ['Honda CB125F', 'Honda CB650R', 'KTM 1390 Super Duke R', 'KTM 390 Duke', 'Used CF Moto 300NK 2023', 'Used Honda CB500F 2021', 'Used KTM 790 Duke 2019'].sort(),
    )
    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allTextContents()
    expect(crumbs).toEqual(['Home', 'Motorcycles', 'Naked'])
    expect(problems).toEqual([])
  })

  it('a parent category includes its children’s products', async () => {
    const { page } = await newPage(WIDE)
    await page.goto('/category/motorcycles')
    const total = await count(page)
    expect(total).toBeGreaterThan(7)
    await page.getByLabel('Category', { exact: true }).selectOption('motorcycles/naked')
    await page.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL(/category=motorcycles%2Fnaked/)
    expect(await count(page)).toBe(7)
  })

  it('/brand/honda lists only Honda products', async () => {
    const { page, problems } = await newPage(WIDE)
    await page.goto('/brand/honda')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Honda')
    const names = await cardNames(page)
    expect(names.length).toBe(7)
    expect(names.every((n) => n.includes('Honda'))).toBe(true)
    expect(problems).toEqual([])
  })

  it('answers 404 for an unknown category or brand', async () => {
    expect((await fetch(`${base}/category/no-such-thing`)).status).toBe(404)
    expect((await fetch(`${base}/category/motorcycles/no-such-thing`)).status).toBe(404)
    expect((await fetch(`${base}/brand/no-such-brand`)).status).toBe(404)
  })
})

describe('/search', () => {
  it('finds Honda products by brand name, case-insensitively', async () => {
    const { page, problems } = await newPage(WIDE)
    await page.goto('/search?q=HoNdA')
    const names = await cardNames(page)
    expect(names.length).toBe(7)
    expect(names.every((n) => /honda/i.test(n))).toBe(true)
    expect(problems).toEqual([])
  })

  it('filters a search with counts over its matches, without JavaScript too', async () => {
    const { page } = await newPage(WIDE, { javaScriptEnabled: false })
    await page.goto('/search?q=honda')
    const total = await count(page)
    const licence = page.getByRole('group', { name: 'Licence category' })
    const a2 = licence.getByRole('checkbox', { name: /^A2, \d+ products?$/ })
    const promised = Number(/, (\d+) product/.exec((await a2.getAttribute('aria-label'))!)![1])
    expect(promised).toBeGreaterThan(0)
    expect(promised).toBeLessThan(total)
    await a2.check()
    await page.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL(/q=honda&licence=A2/)
    expect(await count(page)).toBe(promised)
  })

  it('searches by category name and by several words', async () => {
    const { page } = await newPage(WIDE)
    await page.goto('/search?q=helmets')
    expect(await cardNames(page)).toEqual(expect.arrayContaining(['Shoei NXR2 Helmet', 'Kids Cycle Helmet']))
    await page.goto('/search?q=ktm+duke')
    expect((await cardNames(page)).sort()).toEqual(['KTM 1390 Super Duke R', 'KTM 390 Duke', 'Used KTM 790 Duke 2019'])
  })

  it('prompts for words when empty and says when nothing matched', async () => {
    const { page } = await newPage()
    await page.goto('/search')
    await expect(page.locator('.search-help').textContent()).resolves.toMatch(/Type a bike, brand/)
    await page.getByLabel('Search products').fill('zzzxxy')
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click()
    await page.waitForURL(/q=zzzxxy/)
    await expect(page.getByRole('status').first().textContent()).resolves.toMatch(/^0 products/)
    await expect(page.locator('.search-help').textContent()).resolves.toMatch(/No products match/)
    // Words near no brand or category: the busiest categories instead
    await expect(page.locator('.search-help').textContent()).resolves.toMatch(/Popular categories/)
    // A brand mistyped past what search forgives: nothing matched, and the brand offered by name
    await page.goto('/search?q=hnodaa')
    await expect(page.locator('.search-help').textContent()).resolves.toMatch(/No products match “hnodaa”/)
    const offered = page.locator('.search-help').getByRole('listitem').filter({ hasText: '(brand)' })
    await expect(offered.getByRole('link', { name: 'Honda', exact: true }).getAttribute('href')).resolves.toBe('/brand/honda')
  })
})
