#!/usr/bin/env node
// `npm run seed:large`: the demo shop (migrations and seed, as `npm start` prepares it), then a dealer
// group's catalogue loaded through the stock feed importer itself: about 2,000 bikes, 20,000 riderwear and
// accessory products and 100,000 variants (bench/catalogue-fixture.mjs). DATABASE_URL picks the database as
// everywhere else. Sizes: `-- --bikes N --products N --variants N`.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeCatalogueCsv } from '../bench/catalogue-fixture.mjs'
import { runEntry } from './run-ts.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const sizes = { bikes: arg('bikes', 2000), products: arg('products', 20000), variants: arg('variants', 100000) }
fs.mkdirSync(path.join(root, 'data'), { recursive: true })
const file = path.join(root, 'data', 'large-catalogue.csv')
const written = writeCatalogueCsv(file, sizes)
process.stdout.write(`wrote ${written.rows} rows (${written.bikes} bikes, ${written.products} products, ${written.variants} variants) to ${path.relative(root, file)}\n`)
const prepared = await runEntry('src/setup/prepare.ts')
if (prepared.status !== 0) process.exit(prepared.status ?? 1)
const imported = await runEntry('src/setup/catalogue-import.ts', [file])
process.exit(imported.status ?? 1)
