// The readable copy of a customer's data: one HTML page with a heading per kind of record and a table per record,
// which a screen reader can walk by headings and which prints as it reads. Built from the same document as the JSON.
import { humanise, readableRows, type ExportDocument } from '../../domain/data-rights/export-document'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function summaryHtml(doc: ExportDocument): string {
  const sections = Object.entries(doc.collections).map(([slug, records]) => {
    const title = escapeHtml(humanise(slug))
    const body =
      records.length === 0
        ? '<p>None held.</p>'
        : records
            .map((record, i) => {
              const rows = readableRows(record).map((row) => `<tr><th scope="row">${escapeHtml(row.label)}</th><td>${escapeHtml(row.value)}</td></tr>`).join('')
              return `<table><caption>${title}: record ${i + 1} of ${records.length}</caption><tbody>${rows}</tbody></table>`
            })
            .join('')
    return `<section aria-labelledby="h-${escapeHtml(slug)}"><h2 id="h-${escapeHtml(slug)}">${title} (${records.length})</h2>${body}</section>`
  })
  const generated = escapeHtml(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'long', timeStyle: 'short' }).format(new Date(doc.generatedAt)))
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your data held by Wheelhouse</title><style>
body{font:1rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff;max-width:60rem;margin:0 auto;padding:1rem}
table{border-collapse:collapse;width:100%;margin:0 0 1.5rem}caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #767676;padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}th{width:40%;font-weight:500;background:#f2f2f2}
</style></head><body><main><h1>Your data held by Wheelhouse</h1><p>Account ${doc.subject.accountId}, ${escapeHtml(doc.subject.email)}. Made on ${generated}. The same data as JSON, for another service, is at the link on your account page.</p>${sections.join('')}</main></body></html>`
}
