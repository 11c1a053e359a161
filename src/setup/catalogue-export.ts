// `npm run catalogue:export -- FILE.csv`: every product and variant in the stock feed's own format,
// so that importing the file again changes nothing. Run through scripts/run-ts.mjs.
import { writeFileSync } from 'node:fs'

const file = process.argv[2]
if (!file) {
  process.stderr.write('usage: npm run catalogue:export -- FILE.csv\n')
  process.exit(2)
}
// Imported after the arguments are checked: a usage error answers at once, without loading Payload.
const { getPayload } = await import('payload')
const { default: config } = await import('../payload.config')
const { migrateDatabase } = await import('../cms/migrate.server')
const { toCsv } = await import('../lib/text/csv')
const { exportFeedRows } = await import('../features/catalogue-import/export-feed.server')

const payload = await getPayload({ config })
await migrateDatabase(payload)
const rows = await exportFeedRows(payload)
writeFileSync(file, toCsv(rows))
process.stdout.write(`${rows.length - 1} rows written to ${file}\n`)
await payload.destroy()
process.exit(0)
