import { describe, expect, it } from 'vitest'
import { basketTotals, NO_SHIPPING, type Basket } from '../basket/basket'
import { productCharges } from '../catalogue/on-the-road'
import { productPrice } from '../catalogue/product-price'
import { vatIncluded } from '../money'
import { orderVatLines, parseOrderVatLines } from './order-vat-lines'
import { creditLines, creditNoteDocument, documentNumber, invoiceDocument, isPaidFor, MARGIN_SCHEME_WORDING, type InvoicedOrder } from './sales-document'

const OTR = { feeValue: 25_000, label: 'On-the-road charges: pre-delivery inspection, registration and first year’s road tax' }
const scooter = productPrice({ basePricePence: 359_900, vatRatePercent: 20, charges: productCharges(OTR, { kind: 'scooter', condition: 'new', engineCc: 125 }) })!
const item = (id: string, product: Basket['items'][number]['product'], count = 1) => ({ itemId: id, product, count, updatedStock: 0, addedItemCount: 0 })
const basket: Basket = {
  items: [
    item('1', { productId: 1, name: 'Honda PCX125', sku: 'PCX', pricePence: scooter.totalPence, vatRatePercent: 20, stockQuantity: 1, slug: 'pcx', charges: scooter.charges }),
    item('2', { productId: 2, name: 'Helmet', sku: 'HLM', pricePence: 19_999, vatRatePercent: 0, stockQuantity: 3, slug: 'helmet' }),
    item('3', { productId: 3, name: 'Lock', sku: 'LCK', pricePence: 3_333, vatRatePercent: 20, stockQuantity: 9, slug: 'lock' }, 3),
  ],
  couponCode: null,
}
const dealer = { name: 'Wheelhouse', addressLines: ['1 Dealer Way', 'Leeds'], vatNumber: 'GB123456789' }
const header = { number: 'INV-000001', issuedAt: new Date('2026-11-28T10:00:00Z'), supplyDate: new Date('2026-11-28T09:00:00Z'), dealer }

function orderOf(b: Basket, deliveryFeePence: number): InvoicedOrder {
  const totals = basketTotals(b, { ...NO_SHIPPING, feePence: deliveryFeePence })
  return {
    orderNumber: 'WH-1',
    firstName: 'Ada',
    lastName: 'Rider',
    addressLines: ['2 Low Road', 'York'],
    lines: b.items.map((i) => ({ name: i.product.name, count: i.count, vatRatePercent: i.product.vatRatePercent, lineTotalPence: (i.product.pricePence ?? 0) * i.count })),
    discountPence: totals.discountPence,
    deliveryFeePence,
    totalPence: totals.totalPence,
    reservationDepositPence: 0,
    vatLines: parseOrderVatLines(JSON.parse(JSON.stringify(orderVatLines(b, { ...NO_SHIPPING, feePence: deliveryFeePence })))),
  }
}

describe('an invoice built from an order’s stored VAT parts', () => {
  const totals = basketTotals(basket, { ...NO_SHIPPING, feePence: 495 })
  const invoice = invoiceDocument(orderOf(basket, 495), header)

  it('has the same totals per treatment as the order’s stored breakdown, and the gross it charged', () => {
    expect(invoice.totals).toEqual(totals.vatBreakdown)
    expect(invoice.grossPence).toBe(totals.totalPence)
    expect(invoice.vatPence).toBe(totals.vatPence)
    expect(invoice.chargedPence).toBe(totals.totalPence)
  })

  it('lists the OTR charge’s DVLA parts as their own lines outside the scope of VAT, and the preparation inside the bike’s line', () => {
    expect(invoice.lines.map((l) => [l.description, l.treatment, l.grossPence, l.vatPence])).toEqual([
      ['Honda PCX125', 'standard', 376_700, 62_783],
      ['DVLA first registration fee', 'outside-scope', 5_500, 0],
      ['First year’s road tax', 'outside-scope', 2_700, 0],
      ['Helmet', 'zero', 19_999, 0],
      ['Lock × 3', 'standard', 9_999, 1_667],
      ['Delivery', 'standard', 495, 83],
    ])
    expect(invoice.lines[0]!.detail).toBe('includes pre-delivery inspection and number plates £168')
  })

  it('works each line’s VAT as the rate’s fraction of its gross, rounded half up (ADR 044), net = gross − VAT', () => {
    for (const line of invoice.lines) {
      expect(line.vatPence).toBe(vatIncluded(line.grossPence, line.ratePercent))
      expect(line.netPence).toBe(line.grossPence - line.vatPence)
    }
  })

  it('numbers documents from their own sequences', () => {
    expect(documentNumber('invoice', 1)).toBe('INV-000001')
    expect(documentNumber('credit-note', 1_234_567)).toBe('CN-1234567')
    expect(() => documentNumber('invoice', 0)).toThrow()
  })
})

describe('a margin-scheme sale', () => {
  it('shows no VAT and carries the scheme’s wording', () => {
    const used: Basket = { items: [item('1', { productId: 9, name: 'Used Triumph Street Triple', sku: 'USED', pricePence: 699_500, vatRatePercent: 20, vatTreatment: 'margin', stockQuantity: 1, slug: 'used' })], couponCode: null }
    const invoice = invoiceDocument(orderOf(used, 0), header)
    expect(invoice.vatPence).toBe(0)
    expect(invoice.lines.map((l) => [l.treatment, l.vatPence])).toEqual([['margin', 0]])
    expect(invoice.notes).toContain(MARGIN_SCHEME_WORDING)
  })
})

describe('credit notes', () => {
  const invoice = invoiceDocument(orderOf(basket, 495), header)

  it('credit the whole invoice line for line when the whole amount is given back', () => {
    const lines = creditLines(invoice, invoice.grossPence)
    if (!lines.ok) throw new Error(lines.message)
    const note = creditNoteDocument(invoice, lines.lines, { ...header, number: 'CN-000001', reason: 'Order refunded in full' })
    expect(note.lines.map((l) => [l.grossPence, l.vatPence])).toEqual(invoice.lines.map((l) => [l.grossPence, l.vatPence]))
    expect(note.creditsInvoice).toBe('INV-000001')
    expect(note.grossPence).toBe(invoice.grossPence)
  })

  it('share a part amount over the invoice’s lines, or take the lines given when they add up', () => {
    const shared = creditLines(invoice, 10_000)
    expect(shared.ok && shared.lines.reduce((s, l) => s + l.grossPence, 0)).toBe(10_000)
    expect(creditLines(invoice, 3_333, [{ description: 'Lock', grossPence: 3_333, treatment: 'standard' }])).toMatchObject({ ok: true })
  })

  it('refuse nothing, bad amounts, lines that do not add up and more than was charged', () => {
    for (const amount of [0, -1, 1.5, Number.NaN]) expect(creditLines(invoice, amount)).toMatchObject({ ok: false })
    expect(creditLines(invoice, invoice.grossPence + 1)).toMatchObject({ ok: false })
    expect(creditLines(invoice, 100, [{ description: 'Lock', grossPence: 99, treatment: 'standard' }])).toMatchObject({ ok: false })
  })
})

describe('isPaidFor', () => {
  it('is a recorded payment for a card order and a completed application for a finance order', () => {
    expect(isPaidFor({ kind: 'card', payment: { paidAt: '2026-11-28T10:00:00Z' } })).toBe(true)
    expect(isPaidFor({ kind: 'card', payment: { paidAt: null } })).toBe(false)
    expect(isPaidFor({ kind: 'finance', financeStatus: 'approved' })).toBe(false)
    expect(isPaidFor({ kind: 'finance', financeStatus: 'completed' })).toBe(true)
  })
})
