import { describe, expect, it } from 'vitest'
import { basketTotals, NO_SHIPPING, type Basket } from '../basket/basket'
import { productCharges } from '../catalogue/on-the-road'
import { productPrice } from '../catalogue/product-price'
import { vatIncluded } from '../money'
import { orderVatLines } from './order-vat-lines'
import { invoiceLinesOfOrder, refundCreditLines, type RefundedLinesCredit } from './refund-credit-lines'
import { creditNoteDocument, invoiceDocument, invoiceParts, type CreditLine, type InvoicedOrder } from './sales-document'

const OTR = { feeValue: 25_000, label: 'On-the-road charges: pre-delivery inspection, registration and first year’s road tax' }
const scooter = productPrice({ basePricePence: 359_900, vatRatePercent: 20, charges: productCharges(OTR, { kind: 'scooter', condition: 'new', engineCc: 125 }) })!
const item = (id: string, product: Basket['items'][number]['product'], count = 1) => ({ itemId: id, product, count, updatedStock: 0, addedItemCount: 0 })
const basket: Basket = {
  items: [
    item('1', { productId: 1, name: 'Jacket', sku: 'JKT', pricePence: 12_000, vatRatePercent: 20, stockQuantity: 5, slug: 'jacket' }),
    item('2', { productId: 2, name: 'Helmet', sku: 'HLM', pricePence: 19_999, vatRatePercent: 0, stockQuantity: 3, slug: 'helmet' }),
    item('3', { productId: 3, name: 'Honda PCX125', sku: 'PCX', pricePence: scooter.totalPence, vatRatePercent: 20, stockQuantity: 1, slug: 'pcx', charges: scooter.charges }),
    item('4', { productId: 4, name: 'Lock', sku: 'LCK', pricePence: 3_333, vatRatePercent: 20, stockQuantity: 9, slug: 'lock' }, 3),
  ],
  couponCode: null,
}
const header = { number: 'INV-000001', issuedAt: new Date('2026-11-28T10:00:00Z'), supplyDate: new Date('2026-11-28T09:00:00Z'), dealer: { name: 'Wheelhouse', addressLines: [], vatNumber: 'GB123456789' } }

function orderOf(b: Basket, deliveryFeePence: number): InvoicedOrder {
  const totals = basketTotals(b, { ...NO_SHIPPING, feePence: deliveryFeePence })
  return {
    orderNumber: 'WH-1', firstName: 'Ada', lastName: 'Rider', addressLines: [],
    lines: b.items.map((i) => ({ name: i.product.name, count: i.count, vatRatePercent: i.product.vatRatePercent, lineTotalPence: i.product.pricePence * i.count })),
    discountPence: totals.discountPence, deliveryFeePence, totalPence: totals.totalPence, reservationDepositPence: 0,
    vatLines: orderVatLines(b, { ...NO_SHIPPING, feePence: deliveryFeePence }),
  }
}

const order = orderOf(basket, 495)
const invoice = invoiceDocument(order, header)
const invoiceLines = invoiceLinesOfOrder(invoice.lines, invoiceParts(order))!
const orderLines = basket.items.map((i) => ({ lineId: `line-${i.itemId}`, count: i.count }))
const ask = (refunded: RefundedLinesCredit['refunded'], amountPence: number, more: Partial<RefundedLinesCredit> = {}) => refundCreditLines({ invoiceLines, orderLines, refunded, amountPence, leftPence: invoice.grossPence, ...more })
const credited = (result: ReturnType<typeof refundCreditLines>): CreditLine[] => {
  if (!result.ok) throw new Error(result.message)
  return result.lines
}
const total = (lines: readonly CreditLine[]) => lines.reduce((s, l) => s + l.grossPence, 0)
const note = (lines: readonly CreditLine[]) => creditNoteDocument(invoice, lines, { ...header, number: 'CN-000001', reason: 'Returned' })
const invoiceLine = (description: string) => invoice.lines.find((l) => l.description === description)!

describe('the credit note of a refund of chosen lines', () => {
  it('pairs each invoice line with its order line, delivery with none', () => {
    expect(invoiceLines.map((l) => [l.description, l.orderLine])).toEqual([
      ['Jacket', 0], ['Helmet', 1], ['Honda PCX125', 2], ['DVLA first registration fee', 2], ['First year’s road tax', 2], ['Lock × 3', 3], ['Delivery', null],
    ])
    expect(invoiceLinesOfOrder(invoice.lines.slice(1), invoiceParts(order))).toBeNull()
    expect(invoiceLinesOfOrder(invoice.lines.map((l) => ({ ...l, grossPence: l.grossPence + 1 })), invoiceParts(order))).toBeNull()
  })

  it('mixed rates: the zero-rated helmet alone credits no VAT; the jacket alone credits its own 20%', () => {
    const helmet = note(credited(ask([{ lineId: 'line-2', count: 1 }], 19_999)))
    expect(helmet.lines.map((l) => [l.description, l.treatment, l.grossPence, l.vatPence])).toEqual([['Helmet', 'zero', 19_999, 0]])
    expect(helmet.vatPence).toBe(invoiceLine('Helmet').vatPence)
    const jacket = note(credited(ask([{ lineId: 'line-1', count: 1 }], 12_000)))
    expect(jacket.vatPence).toBe(invoiceLine('Jacket').vatPence)
    expect(jacket.vatPence).toBe(2_000)
  })

  it('a new scooter credits its own parts: the bike at 20%, the DVLA fee and road tax outside the scope of VAT', () => {
    const amount = 376_700 + 5_500 + 2_700
    const lines = credited(ask([{ lineId: 'line-3', count: 1 }], amount))
    expect(lines.map((l) => [l.description, l.treatment, l.grossPence])).toEqual([
      ['Honda PCX125', 'standard', 376_700], ['DVLA first registration fee', 'outside-scope', 5_500], ['First year’s road tax', 'outside-scope', 2_700],
    ])
    expect(note(lines).vatPence).toBe(invoiceLine('Honda PCX125').vatPence)
  })

  it('some of a line’s units: their share of it, named as such', () => {
    expect(credited(ask([{ lineId: 'line-4', count: 1 }], 3_333))).toEqual([{ description: 'Lock × 3 (1 of 3)', grossPence: 3_333, treatment: 'standard' }])
  })

  it('a deduction for lost value comes off the chosen lines in proportion, each keeping its own rate', () => {
    const lines = credited(ask([{ lineId: 'line-1', count: 1 }, { lineId: 'line-2', count: 1 }], 31_999 - 3_200))
    expect(lines.map((l) => [l.treatment, l.grossPence])).toEqual([['standard', 10_800], ['zero', 17_999]])
    expect(note(lines).vatPence).toBe(vatIncluded(10_800, 20))
  })

  it('the whole order cancelled: every line and the delivery as invoiced', () => {
    const lines = credited(ask(orderLines, invoice.grossPence))
    expect(lines.map((l) => [l.description, l.grossPence, l.treatment])).toEqual(invoice.lines.map((l) => [l.description, l.grossPence, l.treatment]))
    expect(note(lines).vatPence).toBe(invoice.vatPence)
  })

  it('a remainder beyond the chosen lines goes on the delivery line, up to what it charged', () => {
    const lines = credited(ask([{ lineId: 'line-2', count: 1 }], 19_999 + 495))
    expect(lines.map((l) => [l.description, l.treatment, l.grossPence])).toEqual([['Helmet', 'zero', 19_999], ['Delivery', 'standard', 495]])
    expect(note(lines).vatPence).toBe(invoiceLine('Delivery').vatPence)
  })

  it('a known deduction on a whole-order return comes off the goods, the delivery credited in full', () => {
    const lines = credited(ask(orderLines, invoice.grossPence - 5_000, { deductionPence: 5_000 }))
    expect(lines.find((l) => l.description === 'Delivery')?.grossPence).toBe(495)
    expect(total(lines)).toBe(invoice.grossPence - 5_000)
  })

  it('pennies beyond the chosen lines with no delivery line are shared over them', () => {
    const noDelivery = orderOf(basket, 0)
    const lines = invoiceLinesOfOrder(invoiceDocument(noDelivery, header).lines, invoiceParts(noDelivery))!
    const result = credited(refundCreditLines({ invoiceLines: lines, orderLines, refunded: [{ lineId: 'line-1', count: 1 }, { lineId: 'line-2', count: 1 }], amountPence: 32_001, leftPence: noDelivery.totalPence }))
    expect(total(result)).toBe(32_001)
  })

  it('always adds up to the amount to the penny, each line’s VAT the rate’s fraction of its gross (ADR 044)', () => {
    const refunded = [{ lineId: 'line-1', count: 1 }, { lineId: 'line-2', count: 1 }, { lineId: 'line-3', count: 1 }, { lineId: 'line-4', count: 2 }]
    for (const amount of [1, 2, 7, 333, 12_001, 99_999, 250_003, 420_000, 420_561]) {
      const lines = credited(ask(refunded, amount))
      expect(total(lines)).toBe(amount)
      const doc = note(lines)
      for (const line of doc.lines) expect(line.vatPence).toBe(vatIncluded(line.grossPence, line.ratePercent))
      expect(doc.grossPence).toBe(amount)
    }
  })

  it('refuses, without throwing, unknown or repeated lines, impossible counts and more than is left', () => {
    const refusals = [
      ask([{ lineId: 'no-such-line', count: 1 }], 100),
      ask([{ lineId: 'line-2', count: 1 }, { lineId: 'line-2', count: 1 }], 100),
      ask([{ lineId: 'line-4', count: 4 }], 100),
      ask([{ lineId: 'line-4', count: 0 }], 100),
      ask([], 100),
      ask([{ lineId: 'line-2', count: 1 }], 0),
      ask([{ lineId: 'line-2', count: 1 }], 1.5),
      ask([{ lineId: 'line-2', count: 1 }], 19_999, { leftPence: 19_998 }),
    ]
    for (const r of refusals) expect(r).toMatchObject({ ok: false, message: expect.any(String) })
  })
})
