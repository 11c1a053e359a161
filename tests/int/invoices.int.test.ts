// Invoices and credit notes on a real database (ADR 049): every paid order gets one invoice from one gap-free
// sequence, however many are paid at once; a refund's credit note refers to it; the PDFs, read back as text,
// state the stored order's figures to the penny; only staff and the order's customer may download them.
import { randomUUID } from 'node:crypto'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it, vi } from 'vitest'
import { beginTransaction, execute, rollbackTransaction } from '../../src/cms/sql.server'
import { formatPence } from '../../src/domain/money'
import { MARGIN_SCHEME_WORDING, OUTSIDE_SCOPE_WORDING, type SalesDocument } from '../../src/domain/invoices/sales-document'
import { parseVatBreakdown } from '../../src/domain/vat/vat'
import { creditNoteForJob, issueCreditNote, wholeOrderRefundId } from '../../src/features/invoices/credit-note.server'
import { documentPdf } from '../../src/features/invoices/document-pdf.server'
import { documentsOfOrder, sequenceAt, writeDocument } from '../../src/features/invoices/document-rows.server'
import { queueInvoiceWhenPaid } from '../../src/features/invoices/invoice-hooks'
import { issueInvoice } from '../../src/features/invoices/issue-invoice.server'
import { stockBookResponse } from '../../src/features/invoices/stock-book.server'
import { parseCsv } from '../../src/lib/text/csv'
import { markOrderPaid, markRefunded } from '../../src/features/orders/order-lifecycle.server'
import { documentForVisitor, documentsAccessToken } from '../../src/features/orders/order-documents.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import type { Order } from '../../src/payload-types'
import { customerCancel } from '../../src/features/returns/customer-cancel.server'
import { buildCategory, buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import { accessoryCategory, orderById, orderInput, simpleProduct } from './order-fixtures'
import { db, payload } from './payload'
import { gateway, withConnectedGateway } from './test-gateway'

vi.mock('server-only', () => ({}))

const { email } = withConnectedGateway(async () => {
  await simpleProduct(payload, 1) // the shop's address and delivery settings
  await payload.updateGlobal({ slug: 'site-settings', overrideAccess: true, data: { dealerName: 'Wheelhouse Motorcycles', vatNumber: 'GB123456789' } })
})

const order = (id: number) => orderById(payload, id)

async function vehicle(kind: 'scooter' | 'motorcycle', condition: 'new' | 'used', pricePence: number): Promise<number> {
  const suffix = uniqueSuffix()
  const category = await payload.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: `${kind} ${suffix}`, kind }) })
  const product = await payload.create({
    collection: 'products',
    overrideAccess: true,
    data: {
      ...buildProduct({ name: `${condition === 'used' ? 'Used ' : ''}Bike ${suffix}`, sku: `BIKE-${suffix}`, category: category.id, pricePence, stock: 5, condition, attributes: { engineCc: 125 }, ...(condition === 'new' ? { extraFee: { feeValuePence: 25_000, label: 'On-the-road charges' } } : {}) } as never),
      ...(condition === 'used' ? { purchase: { pricePence: 450_000, date: '2026-10-01T00:00:00.000Z', seller: 'A. Private Seller' } } : {}),
    } as never,
  })
  return product.id
}

/** Places and pays a card order through the test gateway (a real payment the staff refund can refund). */
async function paidOrder(lines: { productId: number; count: number }[], extra = {}): Promise<Order> {
  const placed = await placeOrder(payload, orderInput(lines, extra))
  if (!placed.ok) throw new Error(`order refused: ${placed.message}`)
  const url = await paymentUrlFor(payload, await order(placed.orderId), gateway.provider)
  await gateway.submitCard(url.split('/').pop()!, { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Ada Rider' })
  const paid = await order(placed.orderId)
  expect(paid.status).toBe('paid')
  return paid
}

async function pdfText(doc: SalesDocument): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await documentPdf(doc)))
  const { text } = await extractText(pdf, { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

async function invoiceOf(orderId: number): Promise<SalesDocument> {
  const issued = await issueInvoice(payload, orderId)
  if (!issued.ok) throw new Error(issued.reason)
  return issued.invoice.document
}

describe(`invoice numbers on ${db}`, () => {
  it('50 orders paid at once: each queues its invoice with the payment, and gets one number of one contiguous run, none twice', async () => {
    const productId = await simpleProduct(payload, 60, 1999)
    const placed: { orderId: number; orderNumber: string }[] = []
    for (let i = 0; i < 50; i++) {
      const result = await placeOrder(payload, orderInput([{ productId, count: 1 }]))
      if (!result.ok) throw new Error(result.message)
      placed.push(result)
    }
    const before = await sequenceAt(payload, 'invoice')
    const paid = await Promise.all(placed.map((p) => markOrderPaid(payload, { orderNumber: p.orderNumber, reference: `int_${p.orderNumber}`, amountPence: 1999, provider: 'int-test' }, { email })))
    expect(paid.filter((r) => r.changed)).toHaveLength(50)
    const ids = placed.map((p) => p.orderId)
    const { rows: jobs } = await execute(payload, null, { sql: "SELECT input FROM payload_jobs WHERE task_slug = 'issueInvoice'", args: [] })
    const queuedFor = jobs.map((j) => Number((typeof j.input === 'string' ? JSON.parse(j.input) : j.input).orderId))
    for (const id of ids) expect(queuedFor.filter((q) => q === id)).toHaveLength(1)

    // Every job run twice at once (a retried job, two runners): still one invoice each.
    const issued = await Promise.all([...ids, ...ids].map((id) => issueInvoice(payload, id)))
    const numbers = new Set(issued.map((r) => (r.ok ? r.invoice.number : 'refused')))
    expect(numbers.size).toBe(50)
    expect(issued.filter((r) => r.ok && r.created)).toHaveLength(50)
    const expected = Array.from({ length: 50 }, (_, i) => `INV-${String(before + i + 1).padStart(6, '0')}`)
    expect([...numbers].sort()).toEqual(expected)
    expect(await sequenceAt(payload, 'invoice')).toBe(before + 50)
  }, 300_000)

  it('a document whose row cannot be written takes no number: the next one follows on', async () => {
    const before = await sequenceAt(payload, 'invoice')
    const stray = { kind: 'invoice' as const, orderId: 2_000_000_000, issuedAt: new Date(), document: { grossPence: 1, vatPence: 0 } as never }
    // No such order: the row's foreign key refuses it, and the counter's move is undone with it.
    await expect(writeDocument(payload, null, stray)).rejects.toThrow()
    expect(await sequenceAt(payload, 'invoice')).toBe(before)
    const productId = await simpleProduct(payload, 2, 1500)
    const next = await paidOrder([{ productId, count: 1 }])
    expect((await invoiceOf(next.id)).number).toBe(`INV-${String(before + 1).padStart(6, '0')}`)
  })

  it('a unit of work cut off after taking a number (its connection killed, as when the process is) leaves no gap', async () => {
    const productId = await simpleProduct(payload, 2, 1500)
    const paid = await paidOrder([{ productId, count: 1 }])
    await invoiceOf(paid.id)
    const before = await sequenceAt(payload, 'credit-note')
    if (db === 'postgres') {
      // The credit note is numbered and written inside a transaction whose server process is then killed: PostgreSQL
      // rolls back what a dead connection left open, as after a SIGKILL of the shop.
      const tx = await beginTransaction(payload)
      const [session] = (await execute(payload, tx, { sql: 'SELECT pg_backend_pid() AS pid', args: [] })).rows
      expect(await issueCreditNote(payload, tx, { order: paid, refundId: 'killed-half-way', amountPence: 100 })).toMatchObject({ ok: true, created: true })
      await execute(payload, null, { sql: 'SELECT pg_terminate_backend(CAST(? AS integer))', args: [Number(session!.pid)] })
      await rollbackTransaction(payload, tx!).catch(() => undefined)
      // A restarted shop has a new pool; this one may hand back the dead connection once, which fails and is dropped.
      for (let i = 0; i < 3; i++) if (await execute(payload, null, { sql: 'SELECT 1', args: [] }).then(() => true, () => false)) break
    } else {
      // SQLite writes number and row in one batch (one transaction, undone whole by its journal if the process dies):
      // a batch whose row fails after the counter moved commits neither.
      await expect(writeDocument(payload, null, { kind: 'credit-note', orderId: 2_000_000_000, refundKey: 'killed-half-way', issuedAt: new Date(), document: { grossPence: 1, vatPence: 0 } as never })).rejects.toThrow()
    }
    expect(await sequenceAt(payload, 'credit-note')).toBe(before)
    const again = await issueCreditNote(payload, null, { order: paid, refundId: 'killed-half-way', amountPence: 100 })
    expect(again.ok && again.creditNote.number).toBe(`CN-${String(before + 1).padStart(6, '0')}`)
  })

  it('staff marking a finance application completed (or a showroom balance paid) queue its invoice; other changes do not', async () => {
    const jobsFor = async (orderId: number) => (await execute(payload, null, { sql: "SELECT input FROM payload_jobs WHERE task_slug = 'issueInvoice'", args: [] })).rows.filter((j) => Number((typeof j.input === 'string' ? JSON.parse(j.input) : j.input).orderId) === orderId).length
    const hook = (doc: object, previousDoc: object) => queueInvoiceWhenPaid({ doc, previousDoc, operation: 'update', req: { payload, transactionID: null }, collection: {} as never, context: {}, data: {} } as never)
    const finance = { id: 1_999_999_001, kind: 'finance', financeStatus: 'completed', payment: {} }
    await hook(finance, { ...finance, financeStatus: 'approved' })
    await hook(finance, finance) // already completed: nothing new
    await hook({ ...finance, id: 1_999_999_002, financeStatus: 'approved' }, { ...finance, id: 1_999_999_002, financeStatus: 'submitted' })
    const showroom = { id: 1_999_999_003, kind: 'card', payment: { paidAt: new Date().toISOString() } }
    await hook(showroom, { ...showroom, payment: { paidAt: null } })
    expect([await jobsFor(1_999_999_001), await jobsFor(1_999_999_002), await jobsFor(1_999_999_003)]).toEqual([1, 0, 1])
  })

  it('an order not paid for gets no invoice', async () => {
    const productId = await simpleProduct(payload, 2, 1500)
    const placed = await placeOrder(payload, orderInput([{ productId, count: 1 }]))
    if (!placed.ok) throw new Error(placed.message)
    const before = await sequenceAt(payload, 'invoice')
    expect(await issueInvoice(payload, placed.orderId)).toMatchObject({ ok: false })
    expect(await sequenceAt(payload, 'invoice')).toBe(before)
  })
})

describe(`invoice and credit-note PDFs on ${db}`, () => {
  it('a new scooter and two locks: every figure is the stored order’s, and the DVLA fee and road tax carry no VAT', async () => {
    const scooter = await vehicle('scooter', 'new', 359_900)
    const lock = await simpleProduct(payload, 5, 3_333)
    const paid = await paidOrder([{ productId: scooter, count: 1 }, { productId: lock, count: 2 }], { deliveryMethod: 'free' })
    const invoice = await invoiceOf(paid.id)
    const text = await pdfText(invoice)

    // The stored order and the invoice agree to the penny: each treatment's total and VAT, the gross charged.
    expect(invoice.totals).toEqual(parseVatBreakdown(paid.vatBreakdown))
    expect(invoice.grossPence).toBe(paid.totalPence)
    expect(invoice.vatPence).toBe(paid.vatPence)
    expect(text).toContain('Wheelhouse Motorcycles')
    expect(text).toContain('1 Dealer Way')
    expect(text).toContain('VAT registration number: GB123456789')
    expect(text).toContain(`Number: ${invoice.number}`)
    expect(text).toMatch(/Date of supply: \d{1,2} \w+ \d{4}/)
    expect(text).toContain(`Total ${formatPence(paid.totalPence)}`)
    expect(text).toContain(`Total VAT ${formatPence(paid.vatPence)}`)
    for (const t of invoice.totals) expect(text).toContain(formatPence(t.grossPence))
    // Each VAT-bearing line: its net, rate, VAT and gross in a row; the DVLA parts: outside the scope, no VAT figure.
    for (const line of invoice.lines) {
      if (line.treatment === 'outside-scope') expect(text).toContain(`${line.description} Outside scope ${formatPence(line.grossPence)}`)
      else expect(text).toContain(`${formatPence(line.netPence)} ${line.ratePercent}% ${formatPence(line.vatPence)} ${formatPence(line.grossPence)}`)
    }
    expect(invoice.lines.filter((l) => l.treatment === 'outside-scope').map((l) => [l.description, l.grossPence, l.vatPence])).toEqual([
      ['DVLA first registration fee', 5_500, 0],
      ['First year’s road tax', 2_700, 0],
    ])
    // The order stored the same: £82 outside the scope of VAT, with no VAT in it.
    expect(parseVatBreakdown(paid.vatBreakdown)?.find((t) => t.treatment === 'outside-scope')).toMatchObject({ grossPence: 8_200, vatPence: 0 })
    expect(text).toContain(OUTSIDE_SCOPE_WORDING)
  })

  it('a used bike under the margin scheme: no VAT line, and the scheme’s wording', async () => {
    const used = await vehicle('motorcycle', 'used', 699_500)
    const paid = await paidOrder([{ productId: used, count: 1 }], { deliveryMethod: 'free' })
    const invoice = await invoiceOf(paid.id)
    const text = await pdfText(invoice)
    expect(invoice.vatPence).toBe(0)
    expect(text).toContain(MARGIN_SCHEME_WORDING)
    expect(text).toContain(`Total ${formatPence(699_500)}`)
    expect(text).not.toMatch(/Total VAT|VAT at \d|VAT rate|\d+% £/)
  })

  it('the stock book: purchase and sale of the used bike, its margin and the VAT on it (a sixth, half up), for staff only', async () => {
    const used = await vehicle('motorcycle', 'used', 699_500)
    const paid = await paidOrder([{ productId: used, count: 1 }], { deliveryMethod: 'free' })
    const invoice = await invoiceOf(paid.id)
    const staff = { ...(await payload.create({ collection: 'users', overrideAccess: true, data: { email: `sb-${randomUUID().slice(0, 8)}@int.test`, password: 'a-long-password-for-tests-123', role: 'staff' } as never })), collection: 'users' }
    const customer = { ...(await payload.create({ collection: 'users', overrideAccess: true, data: { email: `sc-${randomUUID().slice(0, 8)}@int.test`, password: 'a-long-password-for-tests-123', role: 'customer' } as never })), collection: 'users' }
    const answer = await stockBookResponse(payload, staff)
    expect(answer.status).toBe(200)
    const rows = parseCsv(await answer.text()).map((r) => r.fields)
    const product = await payload.findByID({ collection: 'products', id: used, depth: 0, overrideAccess: true })
    // Bought at £4,500, sold at £6,995: margin £2,495, VAT £415.83 (249,500 / 6 = 41,583.3p).
    expect(rows.find((r) => r[0] === product.sku)).toEqual([product.sku, product.name, '2026-10-01', '4500.00', 'A. Private Seller', paid.payment!.paidAt!.slice(0, 10), '6995.00', 'Ada Rider', invoice.number, '2495.00', '415.83'])
    for (const who of [customer, null]) {
      const refused = await stockBookResponse(payload, who)
      expect(refused.status).toBe(403)
      expect(await refused.text()).not.toMatch(/4500|Private Seller/)
    }
  })

  it('staff refund the whole order: a credit note from its own sequence refers to the invoice, once', async () => {
    const productId = await simpleProduct(payload, 3, 4_999)
    const paid = await paidOrder([{ productId, count: 1 }])
    const invoice = await invoiceOf(paid.id)
    const before = await sequenceAt(payload, 'credit-note')
    const staff = await payload.create({ collection: 'users', overrideAccess: true, data: { email: `staff-${randomUUID().slice(0, 8)}@int.test`, password: 'a-long-staff-password-123', role: 'staff' } as never })
    await payload.update({ collection: 'orders', id: paid.id, overrideAccess: false, user: { ...staff, collection: 'users' }, data: { status: 'refunded' } })
    const docs = await documentsOfOrder(payload, paid.id)
    const notes = docs.filter((d) => d.kind === 'credit-note')
    expect(notes).toHaveLength(1)
    expect(notes[0]!.number).toBe(`CN-${String(before + 1).padStart(6, '0')}`)
    expect(notes[0]!.invoiceId).toBe(docs.find((d) => d.kind === 'invoice')!.id)
    const text = await pdfText(notes[0]!.document)
    expect(text).toContain(`Credits invoice: ${invoice.number}`)
    expect(text).toContain(`Total credited ${formatPence(paid.totalPence)}`)
    expect(text).toContain(`Total VAT ${formatPence(invoice.vatPence)}`)
    expect((await order(paid.id)).history?.some((h) => h.note?.includes(notes[0]!.number))).toBe(true)
    // The same refund again (a retried hook, the refunds feature calling too): the same credit note.
    const again = await issueCreditNote(payload, null, { order: paid, refundId: wholeOrderRefundId(paid.id), amountPence: paid.totalPence })
    expect(again).toMatchObject({ ok: true, created: false })
    // More than is left to credit is refused, and takes no number.
    expect(await issueCreditNote(payload, null, { order: paid, refundId: 'another', amountPence: 1 })).toMatchObject({ ok: false })
    expect(await sequenceAt(payload, 'credit-note')).toBe(before + 1)
  })
})

describe(`an order refunded at the provider on ${db}`, () => {
  it('queues its credit note with the refund, once, however often the provider reports it or the job runs', async () => {
    const productId = await simpleProduct(payload, 3, 6_499)
    const paid = await paidOrder([{ productId, count: 1 }])
    const before = await sequenceAt(payload, 'credit-note')
    const notice = { reference: paid.payment!.reference!, amountPence: paid.totalPence, provider: gateway.provider.name }
    await Promise.all(Array.from({ length: 10 }, () => markRefunded(payload, notice, { email })))
    expect((await order(paid.id)).status).toBe('refunded')
    const jobs = await payload.find({ collection: 'payload-jobs', overrideAccess: true, pagination: false, where: { taskSlug: { equals: 'issueCreditNote' } } })
    const forOrder = jobs.docs.filter((j) => (j.input as { orderId?: number } | null)?.orderId === paid.id)
    expect(forOrder.map((j) => j.input)).toEqual([{ orderId: paid.id, amountPence: paid.totalPence }])
    // The job, run twice (a retry after a crash): one credit note, for the whole order, against its invoice.
    expect(await creditNoteForJob(payload, { orderId: paid.id, amountPence: paid.totalPence })).toMatch(/^issued CN-/)
    expect(await creditNoteForJob(payload, { orderId: paid.id, amountPence: paid.totalPence })).toMatch(/^already issued CN-/)
    const notes = (await documentsOfOrder(payload, paid.id)).filter((d) => d.kind === 'credit-note')
    expect(notes).toHaveLength(1)
    expect(notes[0]!.document.grossPence).toBe(paid.totalPence)
    expect(await sequenceAt(payload, 'credit-note')).toBe(before + 1)
  })
})

describe(`a return’s credit note on ${db}`, () => {
  it('a zero-rated helmet cancelled from an order with a 20% jacket: the credit note credits the helmet at 0%, no blended VAT', async () => {
    const jacket = await simpleProduct(payload, 3, 12_000)
    const suffix = uniqueSuffix()
    const helmet = (await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Helmet ${suffix}`, sku: `HLM-${suffix}`, category: await accessoryCategory(payload), pricePence: 8_000, vatRate: 0, stock: 3 }) as never })).id
    const paid = await paidOrder([{ productId: jacket, count: 1 }, { productId: helmet, count: 1 }])
    const invoice = await invoiceOf(paid.id)
    const helmetOnInvoice = invoice.lines.find((l) => l.description === `Helmet ${suffix}`)!
    expect(helmetOnInvoice).toMatchObject({ treatment: 'zero', grossPence: 8_000, vatPence: 0 })
    expect(invoice.vatPence).toBe(2_000)

    const helmetLine = paid.lines.find((l) => l.name === `Helmet ${suffix}`)!
    const cancelled = await customerCancel(payload, { orderNumber: paid.orderNumber, email: paid.email, lines: [{ lineId: helmetLine.id!, count: 1 }], reason: 'Bought one in the showroom', returnMethod: 'post' }, null, { provider: gateway.provider, email })
    expect(cancelled).toMatchObject({ ok: true, mode: 'cancel-now', refundPence: 8_000 })
    const refund = (await payload.find({ collection: 'refunds', where: { order: { equals: paid.id } }, overrideAccess: true })).docs[0]!
    expect(refund).toMatchObject({ state: 'succeeded', amountPence: 8_000, lines: [{ lineId: helmetLine.id, count: 1 }] })
    // The job queued with the refund's record, run here (and again, as a retry would): one credit note.
    const jobs = await payload.find({ collection: 'payload-jobs', overrideAccess: true, pagination: false, where: { taskSlug: { equals: 'issueCreditNote' } } })
    expect(jobs.docs.filter((j) => (j.input as { refundId?: number } | null)?.refundId === refund.id)).toHaveLength(1)
    expect(await creditNoteForJob(payload, { refundId: refund.id })).toMatch(/^issued CN-/)
    expect(await creditNoteForJob(payload, { refundId: refund.id })).toMatch(/^already issued CN-/)

    const notes = (await documentsOfOrder(payload, paid.id)).filter((d) => d.kind === 'credit-note')
    expect(notes).toHaveLength(1)
    const note = notes[0]!.document
    expect(note.lines.map((l) => [l.description, l.treatment, l.grossPence, l.vatPence])).toEqual([[`Helmet ${suffix}`, 'zero', 8_000, 0]])
    expect(note.vatPence).toBe(helmetOnInvoice.vatPence)
    const text = await pdfText(note)
    expect(text).toContain(`Credits invoice: ${invoice.number}`)
    expect(text).toContain(`Helmet ${suffix} ${formatPence(8_000)} 0% ${formatPence(0)} ${formatPence(8_000)}`)
    expect(text).toContain(`Total VAT ${formatPence(0)}`)
    expect(text).toContain(`Total credited ${formatPence(8_000)}`)
    expect(text).not.toContain('20%')
  })
})

describe(`who may download a document on ${db}`, () => {
  it('staff and the order’s customer; never another customer, a stranger or a link for another order', async () => {
    const make = (role: string) => payload.create({ collection: 'users', overrideAccess: true, data: { email: `${role}-${randomUUID().slice(0, 8)}@int.test`, password: 'a-long-password-for-tests-123', role } as never })
    const [owner, other, staff] = await Promise.all([make('customer'), make('customer'), make('staff')])
    const productId = await simpleProduct(payload, 4, 2_000)
    const mine = await paidOrder([{ productId, count: 1 }], { customerId: owner.id })
    const theirs = await paidOrder([{ productId, count: 1 }])
    const number = (await invoiceOf(mine.id)).number
    const as = (u: { id: number; role?: unknown }) => ({ user: { ...u, collection: 'users' } })
    expect(await documentForVisitor(payload, number, as(owner))).toMatchObject({ number })
    expect(await documentForVisitor(payload, number, as(staff))).toMatchObject({ number })
    expect(await documentForVisitor(payload, number, as(other))).toBeNull()
    expect(await documentForVisitor(payload, number, {})).toBeNull()
    expect(await documentForVisitor(payload, number, { cookieValue: `${mine.orderNumber}.forged` })).toBeNull()
    expect(await documentForVisitor(payload, number, { access: await documentsAccessToken(mine.id) })).toMatchObject({ number })
    expect(await documentForVisitor(payload, number, { access: await documentsAccessToken(theirs.id) })).toBeNull()
    expect(await documentForVisitor(payload, number, { access: await documentsAccessToken(mine.id, new Date(Date.now() - 2 * 60 * 60_000)) })).toBeNull()
    expect(await documentForVisitor(payload, 'INV-999999', as(staff))).toBeNull()
  })

  it('a used bike’s purchase is kept for staff and never reaches a customer or a visitor', async () => {
    const used = await vehicle('motorcycle', 'used', 699_500)
    const customer = await payload.create({ collection: 'users', overrideAccess: true, data: { email: `c-${randomUUID().slice(0, 8)}@int.test`, password: 'a-long-password-for-tests-123', role: 'customer' } as never })
    const staff = await payload.create({ collection: 'users', overrideAccess: true, data: { email: `s-${randomUUID().slice(0, 8)}@int.test`, password: 'a-long-password-for-tests-123', role: 'staff' } as never })
    const read = (user?: object) => payload.findByID({ collection: 'products', id: used, depth: 0, overrideAccess: false, ...(user ? { user: { ...user, collection: 'users' } } : {}) })
    expect((await read(staff)).purchase).toMatchObject({ pricePence: 450_000, seller: 'A. Private Seller' })
    expect(JSON.stringify(await read(customer))).not.toMatch(/450000|Private Seller/)
    expect(JSON.stringify(await read())).not.toMatch(/450000|Private Seller/)
  })
})
