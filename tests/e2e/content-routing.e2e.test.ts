// Content pages, routing rules, CMS redirects, error statuses, SEO files, the web app manifest,
// the service worker and cookie consent, as a visitor (and a search engine) meets them.
import { afterAll, describe, expect, it } from 'vitest'
import { axeViolations, closeBrowser, newPage } from './browser'
import { BROWSER_USER_AGENT, adminToken, headTitle } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
const get = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { redirect: 'manual', ...init })

afterAll(closeBrowser)

describe('content', () => {
  it('renders a CMS page at /{slug} with its SEO fields', async () => {
    const res = await get('/returns')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Returns and cancellation')
    expect(html).toContain('14 days')
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/returns"/)
    expect(html).toMatch(/<meta property="og:title"/)
  })

  it('lists posts on /blog and renders a post with BlogPosting and BreadcrumbList JSON-LD', async () => {
    const index = await (await get('/blog')).text()
    expect(index).toContain('Choosing your first motorcycle after CBT')
    const { page, problems } = await newPage()
    await page.goto('/blog/first-motorcycle-after-cbt')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Choosing your first motorcycle after CBT')
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((t) => JSON.parse(t) as { '@type': string }[])
    expect(ld.map((d) => d['@type'])).toEqual(expect.arrayContaining(['BlogPosting', 'BreadcrumbList']))
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('puts every kind of page’s title in the head of its first HTML, for browsers and crawlers alike (ADR 045)', async () => {
    const kinds = ['/', '/all-bikes?condition=new', '/brand/honda', '/category/motorcycles/naked', '/search?q=CB125F', '/products/ktm-390-duke', '/returns', '/blog', '/blog/first-motorcycle-after-cbt', '/bicycle-services', '/test-ride?product=ktm-390-duke', '/basket', '/login', '/no-such-page']
    const crawler = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'
    for (const path of kinds) {
      for (const agent of [BROWSER_USER_AGENT, crawler]) {
        const { title } = await headTitle(path, agent)
        expect(title, `${path} as ${agent}`).toMatch(/^Wheelhouse|\| Wheelhouse$/)
      }
    }
  })

  it('answers an unknown path with the 404 page and status 404', async () => {
    for (const path of ['/no-such-page', '/blog/no-such-post', '/a/b/c']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(await res.text()).toContain('Page not found')
    }
  })
})

describe('routing rules and redirects', () => {
  it('strips trailing slashes and ignores case', async () => {
    const slash = await get('/returns/')
    expect([301, 308]).toContain(slash.status)
    expect(new URL(slash.headers.get('location')!, base).pathname).toBe('/returns')
    const upper = await get('/RETURNS')
    expect([301, 308]).toContain(upper.status)
    expect(new URL(upper.headers.get('location')!, base).pathname).toBe('/returns')
    const { page } = await newPage()
    const response = await page.goto('/ALL-BIKES/')
    expect(new URL(page.url()).pathname).toBe('/all-bikes')
    expect(response?.status()).toBe(200)
  })

  it('sends the nine old brand pages to /all-bikes temporarily', async () => {
    for (const brand of ['benelli', 'cf-moto', 'gas-gas', 'honda', 'ktm', 'moto-guzzi', 'mutt-motorcycles', 'peugeot', 'royal-enfield']) {
      const res = await get(`/brands/${brand}`)
      expect([302, 307], brand).toContain(res.status)
      expect(new URL(res.headers.get('location')!, base).pathname).toBe('/all-bikes')
    }
  })

  it('sends old numeric product paths to the named product permanently', async () => {
    const res = await get('/products/1000')
    expect([301, 308]).toContain(res.status)
    expect(new URL(res.headers.get('location')!, base).pathname).toMatch(/^\/products\/[a-z0-9-]+$/)
  })

  it('sends old category paths under /all-bikes/new and /all-bikes/used to /all-bikes temporarily', async () => {
    for (const path of ['/all-bikes/new/motorcycles', '/all-bikes/used/adventure']) {
      const res = await get(path)
      expect([302, 307], path).toContain(res.status)
      expect(new URL(res.headers.get('location')!, base).pathname).toBe('/all-bikes')
    }
  })

  it('applies a redirect added in the admin at once, without a rebuild', async () => {
    const token = await adminToken()
    const from = `/old-offer-${Date.now()}`
    expect((await get(from)).status).toBe(404)
    const created = await fetch(`${base}/api/redirects`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}` },
      body: JSON.stringify({ from, to: { type: 'custom', url: '/finance' }, type: '302' }),
    })
    expect(created.status).toBe(201)
    const res = await get(from)
    expect([302, 307]).toContain(res.status)
    expect(new URL(res.headers.get('location')!, base).pathname).toBe('/finance')
  })
})

describe('staff changes without a rebuild', () => {
  it('shows a product renamed in the admin on its page', async () => {
    const token = await adminToken()
    const auth = { 'Content-Type': 'application/json', Authorization: `JWT ${token}` }
    const found = await (await fetch(`${base}/api/products?where[slug][equals]=oxford-ground-anchor&depth=0`, { headers: auth })).json() as { docs: { id: number; name: string }[] }
    const product = found.docs[0]!
    expect(await (await get('/products/oxford-ground-anchor')).text()).toContain(product.name) // now cached
    const newName = `Oxford Ground Anchor Pro ${Date.now()}`
    const patched = await fetch(`${base}/api/products/${product.id}`, { method: 'PATCH', headers: auth, body: JSON.stringify({ name: newName }) })
    expect(patched.status).toBe(200)
    let html = ''
    for (let i = 0; i < 20 && !html.includes(newName); i++) {
      html = await (await get('/products/oxford-ground-anchor')).text()
      if (!html.includes(newName)) await new Promise((r) => setTimeout(r, 250))
    }
    expect(html).toContain(newName)
    await fetch(`${base}/api/products/${product.id}`, { method: 'PATCH', headers: auth, body: JSON.stringify({ name: product.name }) })
  })

  it('records paths that answered 404 for staff to see', async () => {
    const path = `/gone-${Date.now()}`
    expect((await get(path, { headers: { Referer: 'https://example.org/old-link' } })).status).toBe(404)
    const token = await adminToken()
    let docs: { path: string; hits: number; lastReferrer: string }[] = []
    for (let i = 0; i < 30 && docs.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 1000))
      const res = await fetch(`${base}/api/not-found-paths?where[path][equals]=${encodeURIComponent(path)}`, { headers: { Authorization: `JWT ${token}` } })
      docs = ((await res.json()) as { docs: typeof docs }).docs
    }
    expect(docs[0]).toMatchObject({ path, hits: 1, lastReferrer: 'https://example.org/old-link' })
    const anonymous = await fetch(`${base}/api/not-found-paths`)
    expect(anonymous.status).toBe(403)
    const forged = await fetch(`${base}/api/internal/not-found`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Wheelhouse-Signature': 'x' }, body: '{"hits":[]}' })
    expect(forged.status).toBe(403)
  }, 60_000)
})

describe('search engines and the installable app', () => {
  it('serves robots.txt and a sitemap of products, categories, brands, pages and posts', async () => {
    const robots = await (await get('/robots.txt')).text()
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/)
    expect(robots).toContain('Disallow: /admin')
    // /sitemap.xml is the index; the URLs are in the files it lists.
    const index = await (await get('/sitemap.xml')).text()
    expect(index).toContain('<sitemapindex')
    const files = [...index.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
    expect(files[0]).toBe('/sitemaps/1.xml')
    const sitemap = (await Promise.all(files.map(async (file) => (await get(file)).text()))).join('')
    for (const part of ['/products/honda-cb650r', '/category/motorcycles/naked', '/brand/honda', '/returns', '/blog/winter-riding-kit']) {
      expect(sitemap, part).toContain(part)
    }
  })

  it('serves the Google Merchant Center feed and the sitemaps as XML a shared cache may keep', async () => {
    for (const path of ['/feeds/google-merchant.xml', '/sitemap.xml', '/sitemaps/1.xml']) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toBe('application/xml; charset=utf-8')
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=0, s-maxage=3600, stale-while-revalidate=86400')
      const body = await res.text()
      expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>'), path).toBe(true)
      if (path.startsWith('/feeds/')) {
        expect(body).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">')
        expect(body).toMatch(/<item><g:id>[^<]+<\/g:id><title>Trek Domane AL 2<\/title>/)
        expect(body).toMatch(/<g:price>\d+\.\d\d GBP<\/g:price>/)
        expect(body).toContain(`<link>${base}/products/trek-domane-al-2</link>`)
        // Google Shopping takes no motor vehicles (ADR 042): the bikes with engines are on the site, not in the feed.
        expect(body).not.toContain('<title>Honda CB650R</title>')
        expect(body).not.toContain(`${base}/products/honda-cb650r<`)
        expect(body.trimEnd().endsWith('</rss>')).toBe(true)
      }
    }
    expect((await get('/sitemaps/999.xml')).status).toBe(404)
    const robots = await (await get('/robots.txt')).text()
    expect(robots).toContain('Allow: /api/media/file/')
  })

  it('has a web app manifest with the spec’s fields', async () => {
    const res = await get('/manifest.webmanifest')
    expect(res.status).toBe(200)
    const manifest = (await res.json()) as { display: string; theme_color: string; background_color: string; start_url: string; icons: { sizes: string; purpose?: string; src: string }[] }
    expect(manifest).toMatchObject({ display: 'standalone', theme_color: '#0d1927', background_color: '#0d1927', start_url: '/' })
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)
    for (const icon of manifest.icons) expect((await get(icon.src)).status, icon.src).toBe(200)
  })

  it('registers the service worker on localhost and serves the offline page when the network is gone', async () => {
    const { page, allow } = await newPage()
    // Requests made while the network is cut, on purpose; a late island's code that the worker has not cached yet
    // (the mini basket and cookie banner load when the page is idle) fails through the worker as ERR_FAILED.
    allow(/ERR_INTERNET_DISCONNECTED/, /ERR_FAILED \(http:\/\/[^)]*\/_next\/static\/chunks\//)
    await page.goto('/')
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(scope).toBe(`${base}/`)
    await page.reload() // now controlled by the worker
    await page.context().setOffline(true)
    await page.goto('/about').catch(() => {})
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/offline/i)
    await page.context().setOffline(false)
  })
})

describe('cookie consent', () => {
  it('asks first, declines in one click, remembers, and reopens from the footer', async () => {
    const { page } = await newPage()
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Cookies' })
    // In the page's HTML, so painted with the page rather than after hydration.
    await expect(page.locator('html').getAttribute('data-consent-stored')).resolves.toBeNull()
    await banner.waitFor({ state: 'visible' })
    expect(await page.locator('#wh-gtm').count()).toBe(0)
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('.consent button')].find((b) => b.textContent === 'Reject analytics cookies')
      return button !== undefined && Object.keys(button).some((k) => k.startsWith('__react'))
    })
    await page.getByRole('button', { name: 'Reject analytics cookies' }).click()
    await banner.waitFor({ state: 'detached' })
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === 'wh_consent')?.value).toBe('declined')
    // A returning visitor: the banner is in the HTML but hidden before the first paint, then removed.
    const html = await (await page.request.get('/')).text()
    expect(html).toContain('consent--first')
    await page.reload()
    await expect(page.locator('html').getAttribute('data-consent-stored')).resolves.toBe('')
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('region', { name: 'Cookies' }).count()).resolves.toBe(0)
    await page.getByRole('button', { name: 'Cookie settings' }).click()
    await page.getByRole('region', { name: 'Cookies' }).waitFor({ state: 'visible' })
  })
})
