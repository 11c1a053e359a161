#!/usr/bin/env node
// Throughput and latency under load: autocannon on loopback, 50 connections for 10 s per URL, against the
// production build, beside the same server's figure for a static file. Usage: npm run bench:load
import autocannon from 'autocannon'
import { serveBuild } from './serve.mjs'

const TARGETS = [
  ['static file', '/icons/icon-192.png'],
  ['catalogue picture', '/api/media/file/honda-cb650r-640x480.avif'],
  ['home', '/'],
  ['/all-bikes', '/all-bikes'],
  ['product page', '/products/honda-cb650r'],
  ['CMS page', '/about'],
]
const server = await serveBuild(3420)
const rows = []
try {
  for (const [label, path] of TARGETS) {
    await fetch(`${server.base}${path}`) // warm caches
    const result = await autocannon({ url: `${server.base}${path}`, connections: 50, duration: 10 })
    rows.push([label, path, Math.round(result.requests.average), result.latency.p50, result.latency.p99, result.non2xx])
  }
} finally {
  await server.stop()
}
console.log('| target | path | requests/s (avg) | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|---|')
for (const r of rows) console.log(`| ${r.join(' | ')} |`)
console.log(`\nautocannon, 50 connections, 10 s each, loopback, same machine as the server; ${new Date().toISOString()}`)
