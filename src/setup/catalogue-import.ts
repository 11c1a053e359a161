// `npm run catalogue:import -- FILE.csv [--images FILE.zip] [--dry-run] [--full]`: imports a dealer
// stock feed. A dry run prints what would change and writes nothing. Otherwise the import is recorded (admin ›
// Catalogue imports) and run as a job of the jobs queue, here and now: if this command is stopped, the shop's
// runner carries on from the last batch written. Refused rows are printed and written to FILE.refused.csv.
// Run through scripts/run-ts.mjs.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const args = process.argv.slice(2)
const flags = new Set(args.filter((a) => a.startsWith('--') && a !== '--images'))
const imagesAt = args.indexOf('--images')
const zipFile = imagesAt >= 0 ? args[imagesAt + 1] : undefined
const file = args.find((a, i) => !a.startsWith('--') && (imagesAt < 0 || i !== imagesAt + 1))
const unknown = [...flags].filter((f) => !['--dry-run', '--full'].includes(f))
if (!file || unknown.length || (imagesAt >= 0 && !zipFile)) {
  process.stderr.write(`usage: npm run catalogue:import -- FILE.csv [--images FILE.zip] [--dry-run] [--full]${unknown.length ? `\nunknown option ${unknown.join(', ')}` : ''}\n`)
  process.exit(2)
}

// Imported after the arguments are checked: a usage error answers at once, without loading Payload.
const { getPayload } = await import('payload')
const { default: config } = await import('../payload.config')
const { migrateDatabase } = await import('../cms/migrate.server')
const { csvRows, FeedError, refusedCsvRows } = await import('../domain/catalogue/import/feed-rows')
const { toCsv } = await import('../lib/text/csv')
const { decodeText } = await import('../lib/text/text-encoding')
const { importFeed } = await import('../features/catalogue-import/import-feed.server')
const { queueCatalogueImport } = await import('../features/catalogue-import/import-job.server')
const { uploadZipImages } = await import('../features/catalogue-import/zip-images.server')

const { installAnnouncer } = await import('./storefront-announce')
const { payloadSecret } = await import('../config/secrets.server')

const payload = await getPayload({ config })
// Every batch written is announced to the running shop, as an admin save is (ADR 073): its search and listings follow within seconds.
const announce = flags.has('--dry-run') ? null : await installAnnouncer(payloadSecret(process.env.PAYLOAD_SECRET), (m) => process.stderr.write(`${m}\n`))
let code = 0
try {
  await migrateDatabase(payload)
  const started = Date.now()
  // Read where it is used and not kept: at 100,000 rows the parsed file is hundreds of MB, and the job reads
  // its own copy from the import's record.
  // UTF-8 or Windows-1252 (Excel's plain "CSV"), detected as the admin's upload does.
  const readFeed = () => {
    const decoded = decodeText(readFileSync(file))
    if (!decoded.ok) throw new FeedError(decoded.message)
    return csvRows(decoded.text)
  }
  const dryRun = flags.has('--dry-run')
  const images = zipFile ? await uploadZipImages(payload, readFileSync(zipFile), { dryRun }) : undefined
  let report: { total: number; created: number; updated: number; unchanged: number; refused: number; archived: number; refusedRows: { line: number; sku: string; reason: string }[] }
  if (dryRun) {
    report = await importFeed(payload, readFeed(), { actor: 'catalogue:import (dry run)', dryRun: true, fullFeed: flags.has('--full'), images })
  } else {
    // The zip's pictures are in the media library now, where the job finds them by name.
    const id = await queueCatalogueImport(payload, readFeed(), { fileName: path.basename(file), source: 'command', fullFeed: flags.has('--full') }, { runNow: true })
    const doc = await payload.findByID({ collection: 'catalogue-imports', id, depth: 0, overrideAccess: true, select: { status: true, total: true, done: true, created: true, updated: true, unchanged: true, refusedCount: true, archived: true, refused: true, error: true } })
    if (doc.status !== 'done') throw new Error(`import #${id} stopped after ${Number(doc.done)} of ${Number(doc.total)} rows (${doc.error ?? 'see the job in admin › System'}); the shop's job runner carries on with it`)
    report = { total: Number(doc.total), created: Number(doc.created), updated: Number(doc.updated), unchanged: Number(doc.unchanged), refused: Number(doc.refusedCount), archived: Number(doc.archived), refusedRows: (doc.refused as never) ?? [] }
    process.stdout.write(`import #${id}\n`)
  }
  const seconds = (Date.now() - started) / 1000
  process.stdout.write(
    `${dryRun ? 'dry run (nothing written): ' : ''}${report.total} rows: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.refused} refused` +
      `${flags.has('--full') ? `, ${report.archived} archived` : ''} in ${seconds.toFixed(1)} s (${Math.round(report.total / Math.max(seconds, 0.001))} rows/s, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB, CPU ${((process.cpuUsage().user + process.cpuUsage().system) / 1e6).toFixed(1)} s)\n`,
  )
  if (report.refusedRows.length) {
    const out = file.replace(/\.csv$/i, '') + '.refused.csv'
    writeFileSync(out, toCsv(refusedCsvRows(report.refusedRows)))
    for (const r of report.refusedRows.slice(0, 20)) process.stdout.write(`  line ${r.line} ${r.sku}: ${r.reason}\n`)
    process.stdout.write(`refused rows written to ${out}\n`)
  }
} catch (error) {
  if (error instanceof FeedError) process.stderr.write(`cannot import ${file}: ${error.message}\n`)
  else process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`)
  code = 1
}
await announce?.flush()
await announce?.close()
await payload.destroy()
process.exit(code)
