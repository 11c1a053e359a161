import { describe, expect, it } from 'vitest'
import { emailBrandOf, type EmailBrand } from '../../domain/emails/email-brand'
import { renderEmail } from '../emails/render-email'
import { isNotifiedStatus, orderStatusEmail as content, type StatusEmailOrder } from './status-email'

const order: StatusEmailOrder = {
  orderNumber: 'WH-7K3F9Q',
  firstName: 'Ada',
  lines: [{ name: 'Lock <heavy>', count: 1, lineTotalPence: 4000 }],
  totalPence: 4495,
  delivery: { method: 'flat_rate', feePence: 495, shippingAddress: { line1: '2 Low Road', town: 'York', postcode: 'YO1 7HH' } },
  paid: true,
}
const dealer = emailBrandOf({ dealerName: 'Wheelhouse', phone: '0113 000 0000', email: 'shop@example.co.uk' }, 'https://shop.example.co.uk')
const orderStatusEmail = (status: Parameters<typeof content>[0], o: StatusEmailOrder, brand: EmailBrand) => renderEmail(content(status, o, brand), brand)

describe('order status emails', () => {
  it('are sent for the moves a customer waits for, not for processing or completed', () => {
    expect(['ready_for_collection', 'dispatched', 'refunded', 'cancelled'].every(isNotifiedStatus)).toBe(true)
    expect(['paid', 'processing', 'completed', 'awaiting_payment'].some(isNotifiedStatus)).toBe(false)
  })

  it('say what moved, with the order number, the items and the money back', async () => {
    expect((await orderStatusEmail('dispatched', order, dealer)).text).toContain('dispatched to 2 Low Road, York, YO1 7HH')
    const refund = await orderStatusEmail('refunded', { ...order, refundedPence: 4495 }, dealer)
    expect(refund.subject).toBe('Your Wheelhouse order WH-7K3F9Q has been refunded')
    expect(refund.text).toContain('We have refunded £44.95')
    expect(refund.text).toContain('* 1 × Lock <heavy>')
    expect((await orderStatusEmail('cancelled', { ...order, paid: false }, dealer)).text).toContain('No payment was taken')
    expect((await orderStatusEmail('ready_for_collection', order, dealer)).text).toContain('photo ID')
  })

  it('escape names in the HTML part', async () => {
    const mail = await orderStatusEmail('dispatched', order, dealer)
    expect(mail.html).toContain('Lock &lt;heavy&gt;')
    expect(mail.html).not.toContain('<heavy>')
  })
})
