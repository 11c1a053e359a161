// The foundation as a customer, a shop manager and an operator meet it: the served shop, the admin,
// GraphQL, health, headers, start-up checks and graceful shutdown.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { axeViolations, closeBrowser, finishPage, newPage } from './browser'
import { shop } from './shops'
import { seededAdmin, signInToAdmin } from './shop-fixtures'

const base = shop().baseURL

afterAll(closeBrowser)

describe('storefront', () => {
  it('serves the home page with seeded products', async () => {
    const res = await fetch(`${base}/`)
    expect(res.status).toBe(200)
    const { page, problems } = await newPage()
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Motorcycles/)
    const names = await page.locator('.product-card__name').allTextContents()
    expect(names).toEqual(expect.arrayContaining(['Honda CB650R', 'KTM 390 Duke', 'Used Honda CB500F 2021']))
    expect(await page.locator('.product-card__price').first().textContent()).toMatch(/^(From )?£[\d,]+(\.\d{2})?$/)
    // every product picture actually loaded
    const broken = await page.locator('img').evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((i) => i.loading !== 'lazy' && (!i.complete || i.naturalWidth === 0)).length)
    expect(broken).toBe(0)
    expect(problems).toEqual([])
  })

  it('sends a page’s scripts and stylesheets to the browser Brotli-compressed, with their length and immutable caching (ADR 019)', async () => {
    const { page, problems } = await newPage()
    const assets: Array<{ url: string; headers: Record<string, string> }> = []
    page.on('response', (response) => {
      if (/\/_next\/static\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) assets.push({ url: response.url(), headers: response.headers() })
    })
    await page.goto('/all-bikes')
    await page.waitForLoadState('load')
    expect(assets.length).toBeGreaterThan(3)
    for (const asset of assets) {
      expect(asset.headers['content-encoding'], asset.url).toBe('br')
      expect(Number(asset.headers['content-length']), asset.url).toBeGreaterThan(0)
      expect(asset.headers['cache-control'], asset.url).toBe('public, max-age=31536000, immutable')
    }
    // The page ran on those scripts with no console error and no failed request.
    expect(problems).toEqual([])
    const gzipOnly = await fetch(new URL(assets[0]!.url), { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip')
    await gzipOnly.arrayBuffer()
  })

  it('has no WCAG 2.2 AA violations on the home page', async () => {
    const { page } = await newPage()
    await page.goto('/')
    expect(await axeViolations(page)).toEqual([])
  })
})

describe('admin', () => {
  it('lets the seeded admin sign in at /admin, and renders the admin’s own components', async () => {
    const tracked = await newPage({ width: 1280, height: 900 })
    const { page } = tracked
    await signInToAdmin(page, seededAdmin())
    await page.getByRole('link', { name: /Products/ }).first().waitFor({ state: 'visible' })

    // The admin's own components come from the generated import map: money in pounds, the SEO fields and the
    // rich-text editor. An empty map renders none of them, without failing the page.
    const { problems } = tracked
    // The seeded order asked for by its number: the list shows ten orders a page, newest first, and the tests that
    // ran before this one may have placed more than eight (then the seeded order is on page 2).
    await page.goto('/admin/collections/orders?where[orderNumber][equals]=WH-DEMO01')
    const demoOrder = page.locator('tr', { hasText: 'WH-DEMO01' })
    await demoOrder.waitFor()
    await expect(demoOrder.innerText()).resolves.toMatch(/£\d[\d,]*\.\d\d/)
    expect(await page.locator('tr', { hasText: 'WH-DEMO02' }).count(), 'the list is filtered to the one order').toBe(0)
    await page.goto('/admin/collections/pages')
    await page.getByRole('link', { name: 'Terms and conditions' }).click()
    await page.getByText(/checks are passing/).waitFor()
    await page.locator('[data-lexical-editor="true"]').first().waitFor()
    expect(problems).toEqual([])
  })

  it('refuses a wrong admin password', async () => {
    const res = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: inject('adminEmail'), password: 'not-the-password' }),
    })
    expect(res.status).toBe(401)
  })
})

describe('GraphQL', () => {
  async function gql(query: string) {
    const res = await fetch(`${base}/api/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query }) })
    expect(res.status).toBe(200)
    return (await res.json()) as { data?: Record<string, { totalDocs: number; docs: Record<string, unknown>[] }>; errors?: unknown[] }
  }

  it('answers a products query with prices and stock', async () => {
    const body = await gql('{ Products(limit: 50, where: { kind: { equals: motorcycle } }) { totalDocs docs { name slug price stockQuantity condition vatRate brand { name } category { name path } } } }')
    expect(body.errors).toBeUndefined()
    const products = body.data!.Products!
    expect(products.totalDocs).toBeGreaterThan(10)
    const cb = products.docs.find((p) => p.slug === 'honda-cb650r')
    expect(cb).toMatchObject({ name: 'Honda CB650R', price: 849_900, stockQuantity: 3, condition: 'new', vatRate: 20, brand: { name: 'Honda' }, category: { path: 'motorcycles/naked' } })
  })

  it('exposes categories, brands, pages and posts', async () => {
    const body = await gql('{ Categories { totalDocs } Brands { totalDocs } Pages { totalDocs } Posts { totalDocs docs { title slug } } }')
    expect(body.errors).toBeUndefined()
    expect(body.data!.Categories!.totalDocs).toBeGreaterThanOrEqual(6)
    expect(body.data!.Brands!.totalDocs).toBeGreaterThanOrEqual(9)
    expect(body.data!.Pages!.totalDocs).toBeGreaterThanOrEqual(7)
    expect(body.data!.Posts!.totalDocs).toBeGreaterThanOrEqual(5)
  })

  it('never shows users to a visitor', async () => {
    const body = await gql('{ Users { totalDocs docs { email } } }')
    expect(body.data?.Users ?? null).toBeNull()
    expect(body.errors).toBeDefined()
  })
})

describe('operations', () => {
  it('reports health with the database kind, the version and the release it serves', async () => {
    const res = await fetch(`${base}/api/health`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('no-store')
    const buildId = fs.readFileSync(path.join('.next', 'BUILD_ID'), 'utf8').trim()
    expect(await res.json()).toEqual({ status: 'ok', database: 'sqlite', version: expect.stringMatching(/^\d+\.\d+\.\d+/), release: buildId })
    // The build names the commit it was built from, then when it was built.
    expect(buildId).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/)
  })

  it('sends security headers and a request id on every response', async () => {
    const res = await fetch(`${base}/`, { headers: { 'X-Request-Id': 'trace-abcdef12' } })
    expect(res.headers.get('x-request-id')).toBe('trace-abcdef12')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('strict-transport-security')).toBeNull() // plain HTTP: no HSTS
    const generated = await fetch(`${base}/api/health`)
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('allows inline scripts by their hashes only, and every page still runs under that policy', async () => {
    for (const pagePath of ['/', '/all-bikes', '/admin/login']) {
      const res = await fetch(`${base}${pagePath}`, { headers: { 'accept-encoding': 'gzip' } })
      const scriptSrc = (res.headers.get('content-security-policy') ?? '').split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
      expect(scriptSrc, pagePath).not.toContain("'unsafe-inline'")
      expect(scriptSrc, pagePath).toMatch(/'sha256-[A-Za-z0-9+/]+=*'/)
      await res.arrayBuffer()
    }
    // A cached replay carries the policy its page was stored with.
    const first = await fetch(`${base}/all-bikes`)
    const again = await fetch(`${base}/all-bikes`)
    expect(again.headers.get('x-wheelhouse-cache')).toBe('HIT')
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))

    // In the browser: no script refused anywhere, storefront or admin (a refusal is a console error).
    const tracked = await newPage({ width: 1280, height: 900 })
    const { page, problems } = tracked
    const refused: string[] = []
    await page.exposeFunction('__noteCspViolation', (v: string) => refused.push(v))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __noteCspViolation: (v: string) => void }).__noteCspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`))
    })
    for (const pagePath of ['/', '/all-bikes', '/products/trek-fx-2', '/basket', '/bicycle-services']) {
      await page.goto(pagePath)
      await page.locator('main').first().waitFor()
    }
    await signInToAdmin(page, seededAdmin())
    await page.goto('/admin/collections/products')
    // The list's links navigate through the admin's router: a press before the list has hydrated does nothing
    // (seen on a slower machine), so wait until React has attached its props to the first link.
    await page.waitForFunction(() => {
      const link = document.querySelector('tbody tr a')
      return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps'))
    })
    await page.locator('tbody tr a').first().click()
    await page.locator('[data-lexical-editor="true"], input[name="title"]').first().waitFor()
    expect(refused).toEqual([])
    expect(problems).toEqual([])
  })

  it('stops start-up on a wrong DATABASE_URL with one line naming the variable', () => {
    const run = spawnSync(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, DATABASE_URL: 'mysql://x' }, encoding: 'utf8', timeout: 30_000 })
    expect(run.status).not.toBe(0)
    const lines = run.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/DATABASE_URL/)
  })

  // Every step is bounded, and the bounds add up to less than the test's own limit, so a slow or stuck step fails
  // with its name, the steps' timeline and the server's log (twice in full e2e runs this test ran out its minute with
  // nothing said; alone, and under two busy CPU loops, it takes 3–5 s).
  it('answers with the 500 page and status 500 when the server fails', { timeout: 150_000 }, async () => {
    // Same build, but a database with no tables: every read fails.
    const port = 3298
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-broken-'))
    const started = Date.now()
    const timeline: string[] = []
    const step = (what: string) => timeline.push(`${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`)
    const within = <T,>(what: string, ms: number, work: Promise<T>): Promise<T> => {
      step(what)
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms / 1000} s`)), ms)))
      return Promise.race([work, late]).finally(() => clearTimeout(timer))
    }
    step('starting the broken server')
    const child = spawn(process.execPath, ['server.mjs'], {
      env: { ...process.env, ...shop().env, PORT: String(port), DATABASE_URL: `file:${path.join(dir, 'empty.db')}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // Listened for from the start: a server that has already exited (it failed to start) must not be waited for.
    const exited = new Promise((r) => child.once('exit', r))
    // the server's own log, named in the failure
    let output = ''
    child.stdout.on('data', (d) => (output = (output + String(d)).slice(-4_000)))
    child.stderr.on('data', (d) => (output = (output + String(d)).slice(-4_000)))
    let opened: Awaited<ReturnType<typeof newPage>> | undefined
    const failure = (error: unknown) =>
      new Error(`${error instanceof Error ? error.message : String(error)}\nsteps:\n${timeline.join('\n')}\nthe broken server's log:\n${output}`, { cause: error })
    try {
      // A search no other test makes, so that no cache could answer it (Next's data cache is in memory only since
      // session 18; before, it was on disk in the build's folder, shared with the e2e shop).
      const url = `http://localhost:${port}/search?q=${encodeURIComponent(`honda ${Date.now()}`)}`
      // Asked only once this server says it listens: a server left on the port by an earlier run would answer
      // otherwise, with another build's pages (seen by hand).
      const deadline = Date.now() + 30_000
      while (!output.includes('ready on') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 100))
      step(child.exitCode === null ? 'the server is listening' : `the server exited with ${child.exitCode}`)
      expect(output).toContain('ready on')
      // each attempt bounded: a request the server accepted but never answered would otherwise wait forever
      let res: Response | undefined
      while (!res && Date.now() < deadline + 5_000 && child.exitCode === null) {
        res = await fetch(url, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined)
        if (!res) await new Promise((r) => setTimeout(r, 200))
      }
      step(`answered ${res?.status ?? 'nothing'}`)
      expect(res?.status).toBe(500)
      await res?.arrayBuffer()
      // The error page is an error boundary that React shows as the document hydrates.
      opened = await within('opening a browser page', 10_000, newPage())
      const { page, allow } = opened
      // The server fails on purpose: the 500 answer and React's report of the server error are expected.
      allow(/500 .*\/search/, /status of 500/, /Minified React error #441/)
      const response = await within('loading the search in the browser', 20_000, page.goto(url, { timeout: 20_000 }))
      expect(response?.status()).toBe(500)
      await within('waiting for the error page', 20_000, page.getByRole('heading', { name: 'Something went wrong' }).waitFor({ state: 'visible', timeout: 20_000 }))
      await within('waiting for its button', 5_000, page.getByRole('button', { name: 'Try again' }).waitFor({ state: 'visible', timeout: 5_000 }))
      // The page is checked and closed before its server stops: its late islands (the mini basket asks who is signed
      // in) may still be talking to it, and a connection reset then would be charged to this test (seen once in CI).
      await within('checking and closing the page', 35_000, finishPage(page))
    } catch (error) {
      throw failure(error)
    } finally {
      await opened?.page.context().close().catch(() => undefined)
      child.kill('SIGTERM')
      // the server forces its own exit 10 s after SIGTERM
      await within('waiting for the server to exit', 12_000, exited).catch((error: unknown) => {
        child.kill('SIGKILL')
        throw failure(error)
      })
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  /**
   * Bytes the kernel holds for the server's end of a loopback connection that the server has not read yet
   * (rx_queue in /proc/net/tcp), or null while that end is not listed.
   */
  function unreadByServer(serverPort: number, clientPort: number): number | null {
    const hexPort = (n: number) => n.toString(16).toUpperCase().padStart(4, '0')
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      const rows = fs.existsSync(table) ? fs.readFileSync(table, 'utf8').split('\n').slice(1) : []
      for (const row of rows) {
        const [, local, remote, , queues] = row.trim().split(/\s+/)
        if (local?.endsWith(`:${hexPort(serverPort)}`) && remote?.endsWith(`:${hexPort(clientPort)}`)) return Number.parseInt(queues!.split(':')[1]!, 16)
      }
    }
    return null
  }

  it('finishes in-flight requests and exits cleanly on SIGTERM', async () => {
    const port = 3299
    const child = spawn(process.execPath, ['server.mjs'], { env: { ...process.env, ...shop().env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += String(d)))
    child.stderr.on('data', (d) => (output += String(d)))
    const started = Date.now()
    while (!output.includes('ready on') && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 200))
    expect(output).toContain('ready on')
    // A request the server has begun to receive when SIGTERM arrives: its first lines are sent (and read by
    // the server) before the signal, the rest after it. A request merely started by the client might not
    // have reached the server yet on a loaded machine, and a server still busy starting up may not have read what
    // arrived: the signal waits until the kernel holds nothing unread for the server's end of the connection.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200)
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (d) => (answer += String(d)))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n')
    await new Promise((r) => setTimeout(r, 200))
    await expect.poll(() => unreadByServer(port, socket.localPort!), { timeout: 20_000, interval: 50 }).toBe(0)
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 300))
    socket.write('Accept: application/json\r\n\r\n')
    const [, code] = await Promise.all([closed, exited])
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).toContain('"status":"ok"')
    expect(code).toBe(0)
    expect(output).toContain('stopped cleanly')
  })
})
