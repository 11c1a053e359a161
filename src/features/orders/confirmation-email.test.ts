import { describe, expect, it } from 'vitest'
import { confirmationEmail, type ConfirmationOrder } from './confirmation-email'

const order: ConfirmationOrder = {
  orderNumber: 'WH-7K3F9Q',
  firstName: 'Ada',
  lastName: 'Rider',
  email: 'ada@example.co.uk',
  lines: [
    { name: 'Helmet – M', count: 1, lineTotalPence: 12999 },
    { name: 'Lock <heavy>', count: 2, lineTotalPence: 5000 },
  ],
  subtotalPence: 17999,
  discountPence: 1800,
  couponCode: 'TEN',
  vatPence: 2700,
  totalPence: 16199,
  delivery: { method: 'free', feePence: 0, shippingAddress: { line1: '1 High Street', town: 'Leeds', postcode: 'LS1 1AA' } },
}
const dealer = { name: 'Wheelhouse', phone: '0113 000 0000', email: 'shop@example.co.uk', siteUrl: 'https://shop.example.co.uk' }

describe('order confirmation email', () => {
  it('lists items, totals with VAT, collection details and the cancellation right', () => {
    const mail = confirmationEmail(order, dealer)
    expect(mail.subject).toContain('WH-7K3F9Q')
    expect(mail.text).toContain('1 × Helmet – M: £129.99')
    expect(mail.text).toContain('Discount (TEN): −£18')
    expect(mail.text).toContain('Total paid: £161.99')
    expect(mail.text).toContain('Includes VAT: £27')
    expect(mail.text).toContain('Collection from the shop')
    expect(mail.text).toContain('Wheelhouse, 1 High Street, Leeds, LS1 1AA')
    expect(mail.text).toContain('14 days')
    expect(mail.text).toContain('Consumer Contracts Regulations')
  })

  it('escapes names in the HTML part', () => {
    const mail = confirmationEmail(order, dealer)
    expect(mail.html).toContain('Lock &lt;heavy&gt;')
    expect(mail.html).not.toContain('<heavy>')
  })

  it('describes home delivery to the customer address', () => {
    const mail = confirmationEmail({ ...order, delivery: { method: 'flat_rate', feePence: 495, shippingAddress: { line1: '2 Low Road', town: 'York', postcode: 'YO1 7HH' } } }, dealer)
    expect(mail.text).toContain('Home delivery')
    expect(mail.text).toContain('2 Low Road, York, YO1 7HH')
    expect(mail.text).toContain('Delivery: £4.95')
  })
})
