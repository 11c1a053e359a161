#!/usr/bin/env node
// Throughput and latency under load: autocannon on loopback, 50 connections for 10 s per URL, against the
// production build, beside the same server's figure for a static file. The framework script is the largest script of
// the home page, asked for as Chromium asks (Brotli accepted), so it measures what server.mjs sends (ADR 019).
// autocannon asks for pages uncompressed and spends more CPU on each response than the shop does, on the same two
// cores, so its rate falls with a page's size whatever the shop does. Where wrk is installed (apt-get install wrk),
// each target is also loaded with it, lighter on the client, as a browser asks (gzip, 10 connections, 5 s): that
// column is what the shop can serve.
// Usage: npm run bench:load
import autocannon from 'autocannon'
import { PAGE_LOAD, wrkRun } from './bench-lib.mjs'
import { serveBuild } from './serve.mjs'

const TARGETS = [
  ['static file', '/icons/icon-192.png'],
  ['catalogue picture', '/api/media/file/honda-cb650r-640x480.avif'],
  ['home', '/'],
  ['/all-bikes', '/all-bikes'],
  ['product page', '/products/honda-cb650r'],
  ['CMS page', '/about'],
]
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' }
const server = await serveBuild(3420)
const rows = []
try {
  const home = await (await fetch(`${server.base}/`)).text()
  // The chunks the page's loader fetches after the first paint (ADR 085), not the nomodule polyfills.
  const polyfills = new Set([...home.matchAll(/<script src="([^"]+)" noModule/g)].map((m) => m[1]))
  const scripts = [...new Set([...home.matchAll(/"(\/_next\/static\/chunks\/[^"]+\.js)"/g)].map((m) => m[1]))].filter((src) => !polyfills.has(src))
  let largest = null
  for (const src of scripts) {
    const size = (await (await fetch(`${server.base}${src}`)).arrayBuffer()).byteLength
    if (!largest || size > largest.size) largest = { src, size }
  }
  if (largest) TARGETS.splice(1, 0, ['framework script', largest.src, BROWSER])
  for (const [label, path, headers] of TARGETS) {
    await fetch(`${server.base}${path}`, { headers }) // warm caches
    const result = await autocannon({ url: `${server.base}${path}`, connections: 50, duration: 10, headers })
    const light = PAGE_LOAD === 'wrk' ? wrkRun(`${server.base}${path}`, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br', ...headers }) : null
    rows.push([label, path.replace(/chunks\/.+$/, 'chunks/…'), Math.round(result.requests.average), result.latency.p50, result.latency.p99, result.non2xx, light ? Math.round(light.requests / light.seconds) : '–'])
  }
} finally {
  await server.stop()
}
console.log('| target | path | requests/s (avg) | p50 ms | p99 ms | non-2xx | wrk, gzip: requests/s |\n|---|---|---|---|---|---|---|')
for (const r of rows) console.log(`| ${r.join(' | ')} |`)
console.log(`\nautocannon, 50 connections, 10 s each; wrk ${PAGE_LOAD === 'wrk' ? '' : '(not installed) '}1 thread, 10 connections, 5 s; loopback, same machine as the server; ${new Date().toISOString()}`)
