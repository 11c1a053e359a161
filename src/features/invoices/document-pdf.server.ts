// An invoice or credit note as a PDF (ADR 048: pdfkit, its built-in Helvetica, no fonts or files to ship). Drawn
// from the stored document alone, so the PDF says what was issued, whatever changed since. Every figure is the
// stored pence formatted in pounds; nothing is computed here.
import 'server-only'
import PDFDocument from 'pdfkit'
import { formatPence } from '../../domain/money'
import type { DocumentLine, SalesDocument } from '../../domain/invoices/sales-document'
import { VAT_RATE_PERCENT } from '../../domain/vat/vat'
import { ukLongDate } from '../../lib/text/uk-date'

const MARGIN = 48
const COLUMNS = { description: MARGIN, net: 300, rate: 370, vat: 430, gross: 490 } as const
const WIDTH = 595.28 - 2 * MARGIN

function rateText(line: Pick<DocumentLine, 'treatment' | 'ratePercent'>): string {
  switch (line.treatment) {
    case 'outside-scope':
      return 'Outside scope'
    case 'margin':
      return 'Margin scheme'
    case 'zero':
      return '0%'
    default:
      return `${line.ratePercent}%`
  }
}

/** What a line shows as its net and VAT: none for a margin-scheme or outside-the-scope line (they bear no VAT). */
function netAndVat(line: Pick<DocumentLine, 'treatment' | 'netPence' | 'vatPence'>): [string, string] {
  if (line.treatment === 'margin' || line.treatment === 'outside-scope') return ['', '']
  return [formatPence(line.netPence), formatPence(line.vatPence)]
}

const dateText = (iso: string) => ukLongDate(iso)

/** The PDF's bytes. */
export function documentPdf(doc: SalesDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${doc.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${doc.number}`, Author: doc.dealer.name } })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c))
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
  const heading = doc.kind === 'invoice' ? 'VAT invoice' : 'Credit note'
  const showsVat = doc.lines.some((l) => l.treatment !== 'margin' && l.treatment !== 'outside-scope')

  pdf.font('Helvetica-Bold').fontSize(18).text(doc.dealer.name)
  pdf.font('Helvetica').fontSize(10)
  for (const line of doc.dealer.addressLines) pdf.text(line)
  if (doc.dealer.vatNumber) pdf.text(`VAT registration number: ${doc.dealer.vatNumber}`)
  pdf.moveDown()
  pdf.font('Helvetica-Bold').fontSize(14).text(doc.lines.some((l) => l.treatment === 'margin') && !showsVat ? (doc.kind === 'invoice' ? 'Invoice' : 'Credit note') : heading)
  pdf.font('Helvetica').fontSize(10)
  pdf.text(`Number: ${doc.number}`)
  pdf.text(`Date of issue: ${dateText(doc.issuedAt)}`)
  pdf.text(`Date of supply: ${dateText(doc.supplyDate)}`)
  pdf.text(`Order: ${doc.orderNumber}`)
  if (doc.creditsInvoice) pdf.text(`Credits invoice: ${doc.creditsInvoice}`)
  if (doc.reason) pdf.text(`Reason: ${doc.reason}`)
  pdf.moveDown()
  pdf.font('Helvetica-Bold').text('Customer')
  pdf.font('Helvetica').text(doc.customer.name)
  for (const line of doc.customer.addressLines) pdf.text(line)
  pdf.moveDown()

  const row = (cells: { description: string; net: string; rate: string; vat: string; gross: string }, bold = false) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica')
    const y = pdf.y
    pdf.text(cells.description, COLUMNS.description, y, { width: COLUMNS.net - COLUMNS.description - 8 })
    const bottom = pdf.y
    pdf.text(cells.net, COLUMNS.net, y, { width: 62, align: 'right' })
    pdf.text(cells.rate, COLUMNS.rate, y, { width: 58, align: 'right' })
    pdf.text(cells.vat, COLUMNS.vat, y, { width: 55, align: 'right' })
    pdf.text(cells.gross, COLUMNS.gross, y, { width: MARGIN + WIDTH - COLUMNS.gross, align: 'right' })
    pdf.x = MARGIN
    pdf.y = Math.max(bottom, pdf.y) + 4
  }
  // A margin-scheme sale shows no VAT at all (VAT Notice 718/1): no VAT columns, no VAT total.
  row(showsVat ? { description: 'Description', net: 'Net', rate: 'VAT rate', vat: 'VAT', gross: 'Gross' } : { description: 'Description', net: '', rate: '', vat: '', gross: 'Price' }, true)
  for (const line of doc.lines) {
    const [net, vat] = netAndVat(line)
    row({ description: line.detail ? `${line.description} (${line.detail})` : line.description, net, rate: showsVat || line.treatment !== 'margin' ? rateText(line) : '', vat, gross: formatPence(line.grossPence) })
  }
  pdf.moveDown()
  pdf.font('Helvetica-Bold').text(showsVat ? 'Totals by VAT rate' : 'Totals', MARGIN)
  for (const t of doc.totals) {
    const [net, vat] = netAndVat(t)
    row({ description: t.treatment === 'outside-scope' ? 'Outside the scope of VAT' : t.treatment === 'margin' ? 'Margin scheme' : `VAT at ${VAT_RATE_PERCENT[t.treatment]}%`, net, rate: showsVat ? rateText(t) : '', vat, gross: formatPence(t.grossPence) })
  }
  pdf.moveDown(0.5)
  if (showsVat) row({ description: 'Total VAT', net: '', rate: '', vat: '', gross: formatPence(doc.vatPence) }, true)
  row({ description: doc.kind === 'invoice' ? 'Total' : 'Total credited', net: '', rate: '', vat: '', gross: formatPence(doc.grossPence) }, true)
  if (doc.depositPence > 0) {
    row({ description: 'Reservation deposit paid before', net: '', rate: '', vat: '', gross: formatPence(doc.depositPence) })
    row({ description: 'Paid with this order', net: '', rate: '', vat: '', gross: formatPence(doc.chargedPence) }, true)
  }
  pdf.moveDown()
  pdf.font('Helvetica').fontSize(9)
  for (const note of doc.notes) pdf.text(note, MARGIN, pdf.y, { width: WIDTH }).moveDown(0.5)
  pdf.end()
  return done
}
