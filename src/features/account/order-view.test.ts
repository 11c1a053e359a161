import { describe, expect, it } from 'vitest'
import type { Order } from '../../payload-types'
import { newestFirst, toCustomerOrder } from './order-view'

const base: Order = {
  id: 1,
  orderNumber: 'WH-TEST01',
  kind: 'card',
  status: 'completed',
  firstName: 'Dana',
  lastName: 'Demo',
  email: 'dana@example.test',
  phone: '07700 900123',
  delivery: { method: 'flat_rate', feePence: 995 },
  lines: [{ product: 5, variant: { id: 9 } as never, name: 'Helmet', sku: 'H-1', unitPricePence: 12_000, count: 2, vatRatePercent: 20, lineTotalPence: 24_000 }],
  subtotalPence: 24_000,
  discountPence: 0,
  vatPence: 4_166,
  totalPence: 24_995,
  stock: { state: 'committed' },
  payment: { reference: 'pi_secret', refundedPence: 0 },
  staffNotes: 'difficult customer',
  checkoutKey: 'key',
  accessTokenHash: 'hash',
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: '2026-10-01T10:00:00.000Z',
}

describe('toCustomerOrder', () => {
  it('gives number, date, status, items and totals in pence', () => {
    const view = toCustomerOrder(base)
    expect(view).toMatchObject({
      number: 'WH-TEST01',
      date: '2026-10-01T10:00:00.000Z',
      status: 'completed',
      statusLabel: 'Completed',
      items: [{ productId: 5, variantId: 9, name: 'Helmet', count: 2, unitPricePence: 12_000, lineTotalPence: 24_000 }],
      totals: { subtotalPence: 24_000, deliveryPence: 995, vatPence: 4_166, totalPence: 24_995, currency: 'GBP' },
      finance: null,
    })
  })

  it('never carries staff notes, payment references, keys or the customer’s contact details', () => {
    const text = JSON.stringify(toCustomerOrder(base))
    for (const secret of ['difficult', 'pi_secret', 'key', 'hash', '07700']) expect(text).not.toContain(secret)
  })

  it('adds the finance facts of a finance order', () => {
    const view = toCustomerOrder({ ...base, kind: 'finance', financeStatus: 'approved', finance: { lenderName: 'Northway', facilityType: 'HP', figures: { regularPaymentPence: 18_250, termMonths: 36 } } })
    expect(view.financeStatusLabel).toBe('Finance approved')
    expect(view.finance).toEqual({ lenderName: 'Northway', facilityType: 'HP', regularPaymentPence: 18_250, termMonths: 36 })
  })

  it('sorts newest first', () => {
    const a = toCustomerOrder(base)
    const b = toCustomerOrder({ ...base, orderNumber: 'WH-TEST02', createdAt: '2026-11-01T10:00:00.000Z' })
    expect([a, b].sort(newestFirst).map((o) => o.number)).toEqual(['WH-TEST02', 'WH-TEST01'])
  })
})
