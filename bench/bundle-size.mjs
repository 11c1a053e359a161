#!/usr/bin/env node
// First-load JavaScript per storefront route, gzip, from the production build's own statistics
// (.next/diagnostics/route-bundle-stats.json, written by `next build`), and what a browser receives since ADR 019:
// the Brotli copies scripts/precompress-static.mjs writes (quality 11). Usage: npm run bench:bundle
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { brotliOptions } from '../scripts/precompress-static.mjs'

const root = path.resolve(import.meta.dirname, '..')
const statsFile = path.join(root, '.next', 'diagnostics', 'route-bundle-stats.json')
if (!fs.existsSync(statsFile)) {
  console.error(`No ${path.relative(root, statsFile)}: run a production build first (npm start builds when needed).`)
  process.exit(1)
}
const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'))
const routes = stats
const wanted = [
  '/', '/all-bikes', '/products/[slug]', '/[...path]', '/blog/[slug]', '/category/[...path]', '/search',
  '/basket', '/basket/delivery-options', '/checkout', '/payment-success', '/payment-failure',
  '/finance-checkout-product', '/finance-checkout-accessories', '/finance-checkout-data', '/finance-checkout-summary',
  '/login', '/register', '/account', '/orders', '/orders/[number]',
]
const LIMIT_KB = 150

function gzipOf(file) {
  const full = path.join(root, file)
  if (!fs.existsSync(full)) return 0
  return zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length
}

// With the settings of scripts/precompress-static.mjs, so the figure is what server.mjs sends.
function brotliOf(file) {
  const full = path.join(root, file)
  if (!fs.existsSync(full)) return 0
  const buffer = fs.readFileSync(full)
  return zlib.brotliCompressSync(buffer, brotliOptions(buffer)).length
}

const rows = []
for (const name of wanted) {
  const entry = routes.find((r) => r.route === name)
  if (!entry) continue
  const files = entry.firstLoadChunkPaths ?? []
  const gz = files.reduce((sum, f) => sum + gzipOf(f), 0)
  const br = files.reduce((sum, f) => sum + brotliOf(f), 0)
  rows.push({ route: name, kb: gz / 1024, brKb: br / 1024, files: files.length })
}
console.log('| route | first-load JS (gzip) | sent (Brotli) | chunks | within 150 KB |\n|---|---|---|---|---|')
for (const r of rows) console.log(`| ${r.route} | ${r.kb.toFixed(1)} KB | ${r.brKb.toFixed(1)} KB | ${r.files} | ${r.kb <= LIMIT_KB ? 'yes' : 'NO'} |`)
if (rows.length === 0) {
  console.error('No storefront routes found in the bundle statistics; their shape may have changed:')
  console.error(JSON.stringify(routes.slice(0, 2), null, 2).slice(0, 1500))
  process.exit(1)
}
