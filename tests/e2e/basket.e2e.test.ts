// The basket side of checkout in Chromium: the mini basket, plus stopping at stock, coupons (applied, invalid,
// removed), the basket error after a staff price change, delivery options, the checkout form's checks, bad input
// to the basket endpoints, the saved basket of a signed-in customer, and axe on every basket page.
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { axeViolations, closeBrowser, newPage } from './browser'
import { controlContrasts } from './page-checks'
import { addFromProductPage, adminToken, customerAccount } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
afterAll(closeBrowser)

const LOCK = '/products/abus-bordo-6000'
const GLOVES = '/products/alpinestars-smx-1-air-gloves'

async function productBySlug(token: string, slug: string) {
  const res = await fetch(`${base}/api/products?where[slug][equals]=${slug}&depth=0`, { headers: { Authorization: `JWT ${token}` } })
  return ((await res.json()) as { docs: { id: number; price: number; stockQuantity: number }[] }).docs[0]!
}

const price = (body: unknown, init: RequestInit = {}) =>
  fetch(`${base}/api/basket/price`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body), ...init })

describe('the basket', () => {
  it('shows an empty state, then lines from the product pages with fresh prices, plus stopping at stock and minus removing', async () => {
    const { page, problems } = await newPage()
    await page.goto('/basket')
    await page.getByRole('heading', { name: 'Your basket is empty' }).waitFor()

    await addFromProductPage(page, GLOVES, { size: 'M', colour: 'Black' })
    await addFromProductPage(page, LOCK)
    await expect(page.getByTestId('basket-count').textContent()).resolves.toBe('2')

    // The mini basket opens on the header button with its lines and a fresh total
    await page.getByRole('button', { name: 'Basket, 2 items' }).click()
    const panel = page.locator('#mini-basket-panel')
    await panel.getByText('Total').waitFor()
    await expect(panel.textContent()).resolves.toContain('£164.94')
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'hidden' })

    await page.goto('/basket')
    await page.getByTestId('subtotal').waitFor()
    await expect(page.getByTestId('subtotal').textContent()).resolves.toBe('£164.94')
    await expect(page.getByTestId('shipping').textContent()).resolves.toBe('Free')
    // VAT included at 20%: 16494 / 6 = 2749
    await expect(page.getByTestId('vat').textContent()).resolves.toBe('£27.49')

    const plus = page.getByRole('button', { name: /^One more Alpinestars SMX-1 Air Gloves/ })
    for (let i = 0; i < 10 && (await plus.isEnabled()); i++) await plus.click()
    await expect(plus.isDisabled()).resolves.toBe(true)
    const gloveLine = page.locator('.basket-line', { hasText: 'Alpinestars' })
    await expect(gloveLine.getByTestId('line-count').textContent()).resolves.toBe('4')
    await expect(gloveLine.textContent()).resolves.toContain('Only 4 in stock: you have them all.')
    await page.waitForFunction(() => document.querySelector('[data-testid="subtotal"]')?.textContent === '£374.79')

    // Minus at 1 removes the line
    const minusLock = page.getByRole('button', { name: 'One fewer Abus Bordo 6000' })
    await minusLock.click()
    await page.locator('.basket-line', { hasText: 'Abus Bordo' }).waitFor({ state: 'detached' })
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('root'))) ?? '{}')
    expect(stored.basket.items.map((i: { count: number }) => i.count)).toEqual([4])
    expect(problems).toEqual([])
  })

  it('applies a percent coupon, marks invalid ones with the reason, and removes them', async () => {
    const { page, problems } = await newPage({ width: 1280, height: 900 })
    await addFromProductPage(page, LOCK)
    await page.goto('/basket')
    await page.getByTestId('subtotal').waitFor()
    const apply = async (code: string) => {
      await page.getByLabel('Coupon code').fill(code)
      await page.getByRole('button', { name: 'Apply' }).click()
    }
    await apply('expired5')
    await page.getByText('This coupon expired on 1 January 2025.').waitFor()
    await expect(page.locator('.coupon').textContent()).resolves.toContain('EXPIRED5 cannot be used')
    await page.getByRole('button', { name: 'Remove coupon EXPIRED5' }).click()

    await apply('STAFFPART')
    await page.getByText('This coupon can’t be used in the online shop. Please ask us in store.').waitFor()
    await page.getByRole('button', { name: 'Remove coupon STAFFPART' }).click()

    await apply('NOSUCHCODE')
    await page.getByText('We don’t recognise that coupon code.', { exact: false }).waitFor()
    await page.getByRole('button', { name: 'Remove coupon NOSUCHCODE' }).click()

    await apply('welcome10')
    await page.getByText('applied: 10% off').waitFor()
    await page.getByTestId('discount').waitFor()
    await expect(page.getByTestId('discount').textContent()).resolves.toBe('−£9.50')
    await expect(page.getByTestId('total').textContent()).resolves.toBe('£85.49')
    await page.getByRole('button', { name: 'Remove coupon WELCOME10' }).click()
    await page.getByLabel('Coupon code').waitFor()
    await page.waitForFunction(() => document.querySelector('[data-testid="total"]')?.textContent === '£94.99')
    expect(problems).toEqual([])
  })

  it('shows the basket error when staff change a price after the item was added', async () => {
    const token = await adminToken()
    const lock = await productBySlug(token, 'abus-bordo-6000')
    const { page, problems } = await newPage()
    await addFromProductPage(page, LOCK)
    const patch = (pence: number) =>
      fetch(`${base}/api/products/${lock.id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}` }, body: JSON.stringify({ price: pence }) })
    expect((await patch(8_999)).status).toBe(200)
    try {
      await page.goto('/basket')
      const alert = page.getByRole('alert').filter({ hasText: 'Your basket has changed' })
      await alert.waitFor()
      await expect(alert.textContent()).resolves.toContain('The price of Abus Bordo 6000 has changed from £94.99 to £89.99.')
      await expect(page.getByTestId('subtotal').textContent()).resolves.toBe('£89.99')
      await alert.getByRole('button', { name: 'OK, got it' }).click()
      await alert.waitFor({ state: 'detached' })
      // The stored copy now holds the new price: no error on the next view
      await page.reload()
      await page.getByTestId('subtotal').waitFor()
      await expect(page.getByRole('alert').filter({ hasText: 'Your basket has changed' }).count()).resolves.toBe(0)
    } finally {
      await patch(lock.price)
    }
    expect(problems).toEqual([])
  })

  it('offers home delivery and pick-up at the shop’s address, keeps the choice, and checks the checkout form', async () => {
    const { page, problems } = await newPage()
    await addFromProductPage(page, LOCK)
    await page.goto('/basket/delivery-options')
    await page.getByRole('button', { name: 'Continue to checkout' }).waitFor()
    await page.getByRole('button', { name: 'Continue to checkout' }).click()
    await page.getByText('Choose how you would like to receive your order.').waitFor()
    await expect(page.getByText('Collect from Wheelhouse').textContent()).resolves.toMatch(/Unit 4, Riverside Trade Park/)
    await page.getByLabel(/Collect from the dealer/).check()
    await expect(page.evaluate(() => JSON.parse(localStorage.getItem('root')!).delivery.method)).resolves.toBe('free')
    await page.getByRole('button', { name: 'Continue to checkout' }).click()
    await page.waitForURL('**/checkout')

    const pay = page.getByRole('button', { name: 'Place order and pay £94.99' })
    await pay.waitFor()
    await pay.click()
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' })
    await summary.waitFor()
    // the summary takes the focus once it has rendered (an effect after the render that showed it)
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('There is a problem') === true)
    const email = page.getByLabel('Email address')
    await email.fill('not-an-email')
    await email.blur()
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true')
    const describedBy = (await email.getAttribute('aria-describedby'))!.split(' ')
    const messages = await Promise.all(describedBy.map((id) => page.locator(`#${id}`).textContent()))
    expect(messages.join(' ')).toContain('Enter an email address like name@example.co.uk')
    await expect(summary.textContent()).resolves.toContain('Please confirm you have read the terms and your 14-day cancellation right')
    // Each bullet stands beside the first line of its message, also when the message wraps.
    for (const item of await summary.locator('li').all()) {
      const lines = await item.locator('a').evaluate((a) => {
        const range = document.createRange()
        range.selectNodeContents(a)
        const rects = [...range.getClientRects()].filter((r) => r.width > 0)
        const li = a.closest('li')!.getBoundingClientRect()
        // in the document's coordinates, as a full-page screenshot's clip takes them
        const top = (y: number) => y + window.scrollY
        return { firstTop: top(rects[0]!.top), firstBottom: top(rects[0]!.bottom), left: a.getBoundingClientRect().left + window.scrollX, y: top(li.top), height: li.height, lines: new Set(rects.map((r) => Math.round(r.top))).size }
      })
      const box = { y: lines.y, height: lines.height }
      // the bullet: the dark pixels in the gutter left of the message
      const gutter = await page.screenshot({ fullPage: true, clip: { x: Math.max(0, lines.left - 20), y: box.y, width: 18, height: box.height } })
      const { data, info } = await sharp(gutter).removeAlpha().raw().toBuffer({ resolveWithObject: true })
      const darkRows: number[] = []
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) {
          const i = (y * info.width + x) * 3
          if (data[i]! + data[i + 1]! + data[i + 2]! < 450) {
            darkRows.push(y)
            break
          }
        }
      }
      expect(darkRows.length, 'a bullet beside each message').toBeGreaterThan(0)
      const bulletMiddle = box.y + (darkRows[0]! + darkRows.at(-1)!) / 2 / (info.height / box.height)
      expect(bulletMiddle, `the bullet of a ${lines.lines}-line message on its first line`).toBeGreaterThanOrEqual(lines.firstTop)
      expect(bulletMiddle).toBeLessThanOrEqual(lines.firstBottom)
    }
    await expect(page.getByText('Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013', { exact: false }).count()).resolves.toBe(1)
    expect(problems).toEqual([])
  })

  it('shows every visible control of the basket at 4.5:1 or better, with one line and with two, on a phone', async () => {
    const { page } = await newPage({ width: 412, height: 900 })
    const readable = async (label: string) => {
      const controls = (await controlContrasts(page)).filter((c) => !c.disabled)
      expect(controls.map((c) => c.control), label).toEqual(expect.arrayContaining([expect.stringContaining('"Remove'), expect.stringContaining('"Can I pay later or monthly?"')]))
      const faint = controls.filter((c) => c.ratio === null || c.ratio < 4.5)
      expect(faint, `${label}: controls under 4.5:1`).toEqual([])
    }
    await addFromProductPage(page, LOCK)
    await page.goto('/basket')
    await page.getByTestId('subtotal').waitFor()
    await readable('one line')
    await addFromProductPage(page, GLOVES, { size: 'M', colour: 'Black' })
    await page.goto('/basket')
    await page.getByTestId('subtotal').waitFor()
    await expect(page.getByRole('button', { name: /Remove/ }).count()).resolves.toBe(2)
    await readable('two lines')
  })

  it('has no WCAG 2.2 AA violations on the basket, delivery options and checkout, at 390 and 1280 px', async () => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
      const { page } = await newPage(viewport)
      await page.goto('/basket')
      await page.getByRole('heading', { name: 'Your basket is empty' }).waitFor()
      expect(await axeViolations(page), 'empty basket').toEqual([])
      await addFromProductPage(page, LOCK)
      await page.goto('/basket')
      await page.getByTestId('subtotal').waitFor()
      await page.getByRole('button', { name: /additional services|delivery costs/ }).first().click()
      expect(await axeViolations(page), 'basket').toEqual([])
      await page.getByRole('button', { name: 'Can I pay later or monthly?' }).click()
      await page.getByRole('dialog', { name: 'Paying later or monthly' }).waitFor()
      expect(await axeViolations(page), 'Klarna modal').toEqual([])
      await page.keyboard.press('Escape')
      await page.goto('/basket/delivery-options')
      await page.getByLabel(/Collect from the dealer/).check()
      expect(await axeViolations(page), 'delivery options').toEqual([])
      await page.goto('/checkout')
      await page.getByRole('button', { name: /Place order and pay/ }).click()
      await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor()
      expect(await axeViolations(page), 'checkout with errors').toEqual([])
      await page.context().close()
    }
  }, 180_000) // ten axe runs over two viewports: well past the default minute on a busy machine
})

describe('basket endpoints refuse bad input with a clear 4xx', () => {
  const lock = async () => productBySlug(await adminToken(), 'abus-bordo-6000')

  it('prices ids and counts, and refuses malformed JSON, wrong types, bad counts, prices, unknown ids and huge bodies', async () => {
    const { id } = await lock()
    const ok = await price({ lines: [{ productId: id, count: 1 }], couponCode: 'welcome10', deliveryMethod: 'free' })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ lines: [{ productId: id, count: 1, pricePence: 9_499, kind: 'accessory' }], coupon: { status: 'applied' }, delivery: { method: 'free' }, totals: { discountPence: 950, totalPence: 8_549 } })

    const cases: [unknown, number, string | RegExp][] = [
      ['{"lines": [', 400, 'The request body is not valid JSON.'],
      [{ lines: 'all of them' }, 400, /lines/],
      [{ lines: [{ productId: id, count: -1 }] }, 400, 'lines.0.count must be at least 1'],
      [{ lines: [{ productId: id, count: 1e9 }] }, 400, 'lines.0.count must be at most 99'],
      [{ lines: [{ productId: id, count: 1.5 }] }, 400, 'lines.0.count must be a whole number'],
      [{ lines: [{ productId: id, count: 1, pricePence: 1 }] }, 400, /unexpected field pricePence/],
      [{ lines: [{ productId: id, count: 1 }], totalPence: 1 }, 400, /unexpected field totalPence/],
      [{ lines: [{ productId: '1; DROP TABLE', count: 1 }] }, 400, /productId/],
      [{ lines: [{ productId: 2_000_000_000, count: 1 }] }, 422, /cannot be bought online/],
      [{ lines: [{ productId: id, count: 1 }], couponCode: 'X'.repeat(50_000) }, 400, /too long to be a coupon code/],
      [{ lines: [{ productId: id, count: 1 }], couponCode: 'X'.repeat(1_000_000) }, 413, 'The request body must be at most 64 KB.'],
      [{ lines: [] }, 400, /the basket is empty/],
      [{ lines: [{ productId: id, count: 1 }], deliveryMethod: 'drone' }, 400, /deliveryMethod/],
    ]
    // One status rule (src/lib/http/json-body.ts): 400 for a request of the wrong shape, 422 for a
    // well-formed one the shop refuses.
    for (const [body, status, message] of cases) {
      const res = await price(body)
      const json = (await res.json()) as { error: string; message: string }
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status)
      if (status === 400 && typeof body !== 'string') expect(json.error).toBe('invalid_request')
      expect(json.message, JSON.stringify(body).slice(0, 80)).toMatch(message)
      expect(res.headers.get('content-type')).toMatch(/application\/json/)
    }
    expect((await fetch(`${base}/api/basket/price`)).status).toBe(405)
    // Only JSON, declared as such
    const plain = await fetch(`${base}/api/basket/price`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ lines: [{ productId: 1, count: 1 }] }) })
    expect(plain.status).toBe(415)
    expect(((await plain.json()) as { message: string }).message).toMatch(/application\/json/)
  })

  it('keeps a saved basket for the signed-in customer only: 401 otherwise, and validates what is saved', async () => {
    expect((await fetch(`${base}/api/basket/saved`)).status).toBe(401)
    expect((await fetch(`${base}/api/basket/saved`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"lines":[]}' })).status).toBe(401)

    const { id } = await lock()
    const signIn = async (email: string) => {
      const created = await customerAccount({ email, password: 'customer-password-123', firstName: 'Ada' })
      expect(created.status).toBe(201)
      const login = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'customer-password-123' }) })
      return { Authorization: `JWT ${((await login.json()) as { token: string }).token}` }
    }
    const ada = await signIn(`ada-${Date.now()}@example.co.uk`)
    const bob = await signIn(`bob-${Date.now()}@example.co.uk`)
    const put = (auth: Record<string, string>, body: unknown) => fetch(`${base}/api/basket/saved`, { method: 'PUT', headers: { 'Content-Type': 'application/json', ...auth }, body: JSON.stringify(body) })
    expect((await put(ada, { lines: [{ productId: id, count: 2 }] })).status).toBe(200)
    expect((await put(ada, { lines: [{ productId: id, count: 2, pricePence: 1 }] })).status).toBe(400)
    expect((await put(ada, { lines: [{ productId: id, count: -2 }] })).status).toBe(400)
    const mine = await fetch(`${base}/api/basket/saved`, { headers: ada })
    expect(await mine.json()).toEqual({ lines: [{ productId: id, variantId: null, count: 2 }] })
    const theirs = await fetch(`${base}/api/basket/saved`, { headers: bob })
    expect(await theirs.json()).toEqual({ lines: [] })
  })

  it('merges the browser’s basket with the saved one when a session appears: larger count per line, capped at stock', async () => {
    const { id: lockId } = await lock()
    const email = `merge-${Date.now()}@example.co.uk`
    const created = await customerAccount({ email, password: 'customer-password-123' })
    expect(created.status).toBe(201)
    const { page, problems } = await newPage()
    // In the browser: 1 gloves and 1 lock. On the account: 5 locks (only 8 in stock, so 5 fits) and 99 gloves (4 in stock).
    await addFromProductPage(page, GLOVES, { size: 'M', colour: 'Black' })
    await addFromProductPage(page, LOCK)
    const gloves = await page.evaluate(() => JSON.parse(localStorage.getItem('root')!).basket.items[0].product as { productId: number; variantId: number })
    const login = await page.request.post('/api/users/login', { data: { email, password: 'customer-password-123' } })
    expect(login.status()).toBe(200)
    // Payload honours the session cookie only from this shop's origin (CSRF), as the browser's own fetches send it.
    const sameOrigin = { Origin: base }
    const saved = await page.request.put('/api/basket/saved', {
      headers: sameOrigin,
      data: {
        lines: [
          { productId: lockId, count: 5 },
          { productId: gloves.productId, variantId: gloves.variantId, count: 99 },
        ],
      },
    })
    expect(saved.status()).toBe(200)
    await page.goto('/basket')
    await page.waitForFunction(() => document.querySelector('[data-testid="basket-count"]')?.textContent === '9')
    const counts = await page.evaluate(() => (JSON.parse(localStorage.getItem('root')!).basket.items as { count: number; product: { slug: string } }[]).map((i) => [i.product.slug, i.count]))
    expect(counts).toEqual([
      ['alpinestars-smx-1-air-gloves', 4],
      ['abus-bordo-6000', 5],
    ])
    // …and the merged basket is saved back to the account
    await expect.poll(async () => ((await (await page.request.get('/api/basket/saved', { headers: sameOrigin })).json()) as { lines: { count: number }[] }).lines.map((l) => l.count)).toEqual([4, 5])
    // Later changes follow to the account
    await page.getByRole('button', { name: 'One fewer Abus Bordo 6000' }).click()
    await expect.poll(async () => ((await (await page.request.get('/api/basket/saved', { headers: sameOrigin })).json()) as { lines: { count: number }[] }).lines.map((l) => l.count)).toEqual([4, 4])
    expect(problems).toEqual([])
  })
})
