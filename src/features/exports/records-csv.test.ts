import { describe, expect, it } from 'vitest'
import { parseCsv, toCsv } from '../../lib/text/csv'
import { DOCUMENT_CSV_HEADER, documentCsvRow, RETURN_CSV_HEADER, returnCsvRow } from './records-csv'

describe('returns and VAT documents as CSV rows', () => {
  it('a return: its order, ground and state in words, the items, the clocks, the money in pounds', () => {
    const row = returnCsvRow({
      returnNumber: 'WH-1001-R1', createdAt: '2026-07-01T13:05:00.000Z', ground: 'cancellation', state: 'refunded', email: 'ada@example.co.uk',
      order: { orderNumber: 'WH-1001' }, lines: [{ lineId: 'a', name: 'Jacket', count: 1, paidPence: 14999 }], reason: '=cmd|calc', returnMethod: 'post',
      requestedOn: '2026-07-01', receivedOn: '2026-07-04', refundDueOn: '2026-07-18', deductionPence: 2000, deductionReason: 'Worn', refundPence: 12999,
    })
    expect(row).toHaveLength(RETURN_CSV_HEADER.length)
    expect(row).toEqual(['WH-1001-R1', 'WH-1001', '2026-07-01 14:05', 'Cancellation (14 days)', 'Refunded', 'ada@example.co.uk', '1 × Jacket', '=cmd|calc', 'Post', '2026-07-01', '2026-07-04', '2026-07-18', '20.00', 'Worn', '129.99'])
    // A formula a customer typed as their reason is written as text.
    expect(parseCsv(toCsv([[...RETURN_CSV_HEADER], row]))[1]!.fields[7]).toBe('=cmd|calc')
    expect(toCsv([row])).toContain(`'=cmd|calc`)
  })

  it('a return not yet refunded leaves the refund empty, not nought', () => {
    const row = returnCsvRow({ returnNumber: 'WH-1001-R2', createdAt: '2026-07-01T13:05:00.000Z', ground: 'fault', state: 'requested', email: 'a@b.c', order: 7, requestedOn: '2026-07-01' })
    expect([row[1], row[3], row[4], row[14]]).toEqual(['', 'Faulty goods', 'Requested', ''])
  })

  it('an invoice and its credit note: net, VAT and gross in pounds, the credit note negative, so the columns sum to what was kept', () => {
    const invoice = documentCsvRow({ number: 'INV-000042', kind: 'invoice', issuedAt: '2026-07-01T13:06:00.000Z', order: { orderNumber: 'WH-1001' }, totalPence: 74_491, vatPence: 4_915, document: { customer: { name: 'Ada Rider' } } })
    const credit = documentCsvRow({ number: 'CN-000007', kind: 'credit-note', issuedAt: '2026-07-05T09:00:00.000Z', order: { orderNumber: 'WH-1001' }, invoice: { number: 'INV-000042' }, totalPence: 18_999, vatPence: 3_167, document: { customer: { name: 'Ada Rider' }, reason: 'Goods returned or cancelled' } })
    expect(invoice).toHaveLength(DOCUMENT_CSV_HEADER.length)
    expect(invoice).toEqual(['INV-000042', 'Invoice', '2026-07-01 14:06', 'WH-1001', '', 'Ada Rider', '695.76', '49.15', '744.91', ''])
    expect(credit).toEqual(['CN-000007', 'Credit note', '2026-07-05 10:00', 'WH-1001', 'INV-000042', 'Ada Rider', '-158.32', '-31.67', '-189.99', 'Goods returned or cancelled'])
  })
})
