import { describe, expect, it } from 'vitest'
import { parseCsv, toCsv } from '../../lib/text/csv'
import { exportFileName, exportRequestSchema, ORDER_CSV_HEADER, orderCsvRow, poundsCell, ukDateTimeCell } from './orders-csv'

const order = {
  orderNumber: 'WH-1001',
  createdAt: '2026-07-01T13:05:00.000Z',
  status: 'paid',
  kind: 'card',
  firstName: '=HYPERLINK("http://evil")',
  lastName: 'Rider',
  email: 'ada@example.co.uk',
  phone: '07700900123',
  address: { postcode: 'YO1 7HH' },
  delivery: { method: 'flat_rate', feePence: 495 },
  lines: [{ name: 'Chain lock', sku: 'LOCK-1', count: 2 }, { name: 'Gloves', sku: null, count: 1 }],
  subtotalPence: 839_950,
  discountPence: 0,
  vatPence: 140_083,
  totalPence: 840_445,
  payment: { paidAt: '2026-07-01T13:07:00.000Z', refundedPence: 1000, reference: 'pi_123', provider: 'stripe' },
}

describe('orders CSV', () => {
  it('writes pounds as plain numbers, never pence', () => {
    expect(poundsCell(839_950)).toBe('8399.50')
    expect(poundsCell(5)).toBe('0.05')
    expect(poundsCell(-1250)).toBe('-12.50')
    expect(poundsCell(null)).toBe('0.00')
  })

  it('gives dates in UK time', () => {
    expect(ukDateTimeCell('2026-07-01T13:05:00.000Z')).toBe('2026-07-01 14:05')
    expect(ukDateTimeCell(null)).toBe('')
  })

  it('makes one row per order, and a name that is a formula comes back as text', () => {
    const row = orderCsvRow(order, { paid: 'Paid' })
    expect(row).toHaveLength(ORDER_CSV_HEADER.length)
    expect(row.slice(0, 5)).toEqual(['WH-1001', '2026-07-01 14:05', '2026-07-01 14:07', 'Paid', 'Card'])
    expect(row[9]).toBe('Home delivery')
    expect(row[10]).toBe('3')
    expect(row[11]).toBe('2 × Chain lock (LOCK-1); 1 × Gloves')
    expect(row.slice(12, 18)).toEqual(['8399.50', '0.00', '4.95', '1400.83', '8404.45', '10.00'])
    const csv = toCsv([[...ORDER_CSV_HEADER], row])
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"") Rider"`)
    expect(parseCsv(csv)[1]!.fields[5]).toBe('=HYPERLINK("http://evil") Rider')
  })

  it('takes a date range and one status, and refuses anything else', () => {
    const schema = exportRequestSchema({ orders: ['paid', 'dispatched'], returns: ['requested', 'refunded'], invoices: ['invoice', 'credit-note'] })
    expect(schema.safeParse({ kind: 'orders', from: '2026-11-01', to: '2026-11-28', status: 'paid' }).success).toBe(true)
    expect(schema.safeParse({ kind: 'orders' }).success).toBe(true)
    expect(schema.safeParse({ kind: 'catalogue' }).success).toBe(true)
    expect(schema.safeParse({ kind: 'orders', from: '2026-11-28', to: '2026-11-01' }).success).toBe(false)
    expect(schema.safeParse({ kind: 'orders', from: '2026-02-30' }).success).toBe(false)
    expect(schema.safeParse({ kind: 'orders', status: 'lost' }).success).toBe(false)
    expect(schema.safeParse({ kind: 'customers' }).success).toBe(false)
    expect(schema.safeParse({ kind: 'orders', where: '1=1' }).success).toBe(false)
    // Returns and VAT documents by their own states, never another list's.
    expect(schema.safeParse({ kind: 'returns', from: '2026-11-01', status: 'refunded' }).success).toBe(true)
    expect(schema.safeParse({ kind: 'returns', status: 'paid' }).success).toBe(false)
    expect(schema.safeParse({ kind: 'invoices', status: 'credit-note' }).success).toBe(true)
    expect(schema.safeParse({ kind: 'invoices', from: '2026-11-28', to: '2026-11-01' }).success).toBe(false)
  })

  it('names the file by what it holds', () => {
    expect(exportFileName('orders', '2026-11-28', { from: '2026-11-01', to: '2026-11-28', status: 'paid' })).toBe('orders-2026-11-01-to-2026-11-28-paid.csv')
    expect(exportFileName('orders', '2026-11-28')).toBe('orders-to-2026-11-28.csv')
    expect(exportFileName('catalogue', '2026-11-28')).toBe('catalogue-2026-11-28.csv')
    expect(exportFileName('invoices', '2026-11-28', { status: 'credit-note' })).toBe('invoices-to-2026-11-28-credit-note.csv')
  })
})
