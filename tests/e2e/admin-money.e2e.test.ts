// Money in pounds in the admin, in Chromium: staff type a price as they say it ("40" is £40.00, never 40p), the
// admin asks before a change of more than half, the shop sells at the price typed, and the products list shows it.
// The save sends back the shelf count the page loaded; units sold meanwhile stay sold.
import { afterAll, describe, expect, it } from 'vitest'
import { closeBrowser, newPage } from './browser'
import { adminToken, seededAdmin, signInToAdmin } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
const suffix = Date.now().toString(36)

afterAll(closeBrowser)

async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, { ...init, headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' } })
  expect(res.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(300)
  return (await res.json()) as T
}

describe('a manager types prices in pounds', () => {
  it('a price typed as 40 is £40.00 on the shop; a change of more than half is asked about first', async () => {
    const token = await adminToken()
    const category = (await api<{ docs: { id: number }[] }>(token, '/api/categories?where[kind][equals]=accessory&limit=1&depth=0')).docs[0]!
    const slug = `e2e-money-lock-${suffix}`
    const created = await api<{ doc: { id: number } }>(token, '/api/products', {
      method: 'POST',
      body: JSON.stringify({ name: `E2E money lock ${suffix}`, slug, sku: `E2E-MONEY-${suffix}`, status: 'draft', productType: 'simple', price: 3500, vatRate: 20, stockQuantity: 3, condition: 'new', category: category.id }),
    })
    const id = created.doc.id

    const { page, problems } = await newPage({ width: 1280, height: 900 })
    await signInToAdmin(page, seededAdmin())

    await page.goto(`/admin/collections/products/${id}`)
    const price = page.locator('#field-price')
    await page.waitForFunction(() => {
      const input = document.querySelector('#field-price')
      return input !== null && Object.keys(input).some((key) => key.startsWith('__reactProps'))
    })
    await expect(price.inputValue()).resolves.toBe('35.00')
    // Two sold while the page is open: the save below sends the 3 it loaded, and the shelf keeps 1.
    await api(token, `/api/products/${id}`, { method: 'PATCH', body: JSON.stringify({ stockQuantity: 1 }) })

    // The old pence habit (4000 for £40) is a change of more than half: the admin asks, and "no" puts it back.
    const asked: string[] = []
    page.once('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.dismiss()
    })
    await price.fill('4000')
    await price.press('Tab')
    await expect.poll(() => asked).toEqual(['Change the price from £35 to £4,000? That is a change of more than half.'])
    await expect(price.inputValue()).resolves.toBe('35.00')

    await price.fill('40')
    await price.press('Tab')
    await expect(price.inputValue()).resolves.toBe('40.00')
    await page.locator('#action-save').click()
    await expect.poll(async () => (await api<{ price: number }>(token, `/api/products/${id}?depth=0`)).price, { timeout: 15_000 }).toBe(4000)
    expect((await api<{ stockQuantity: number }>(token, `/api/products/${id}?depth=0`)).stockQuantity).toBe(1)

    // On sale, the shop's page shows £40 (whole pounds show no pence), and the products list the same.
    await api(token, `/api/products/${id}`, { method: 'PATCH', body: JSON.stringify({ status: 'active' }) })
    await page.goto(`/products/${slug}`)
    const body = await page.locator('main').textContent()
    expect(body).toContain('£40')
    expect(body).not.toContain('£0.40')
    await page.goto(`/admin/collections/products?where[sku][equals]=E2E-MONEY-${suffix}`)
    await expect(page.locator('table tbody tr').first().textContent({ timeout: 15_000 })).resolves.toContain('£40')
    expect(problems).toEqual([])
  })
})
