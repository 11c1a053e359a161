import { describe, expect, it } from 'vitest'
import { emailBrandOf, type EmailBrand } from '../../domain/emails/email-brand'
import { addressLines } from '../../domain/invoices/sales-document'
import { renderEmail } from '../emails/render-email'
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
const dealer = emailBrandOf({ dealerName: 'Wheelhouse', phone: '0113 000 0000', email: 'shop@example.co.uk' }, 'https://shop.example.co.uk')
const rendered = (o: ConfirmationOrder, brand: EmailBrand) => renderEmail(confirmationEmail(o, brand), brand)

describe('order confirmation email', () => {
  it('lists items, totals with VAT, collection details and the cancellation right', async () => {
    const mail = await rendered(order, dealer)
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

  it('escapes names in the HTML part', async () => {
    const mail = await rendered(order, dealer)
    expect(mail.html).toContain('Lock &lt;heavy&gt;')
    expect(mail.html).not.toContain('<heavy>')
  })

  it('links to the order: in the account when placed signed in, else through the order lookup', async () => {
    expect((await rendered({ ...order, hasAccount: true }, dealer)).html).toContain('href="https://shop.example.co.uk/orders/wh-7k3f9q"')
    expect((await rendered(order, dealer)).text).toContain('View your order https://shop.example.co.uk/order-lookup?number=WH-7K3F9Q')
  })

  it('describes home delivery to the customer address', async () => {
    const mail = await rendered({ ...order, delivery: { method: 'flat_rate', feePence: 495, shippingAddress: { line1: '2 Low Road', town: 'York', postcode: 'YO1 7HH' } } }, dealer)
    expect(mail.text).toContain('Home delivery')
    expect(mail.text).toContain('2 Low Road, York, YO1 7HH')
    expect(mail.text).toContain('Delivery: £4.95')
  })

  it('shows the VAT per treatment the order stored: none on the DVLA fees, none under the margin scheme', async () => {
    const vatBreakdown = [
      { treatment: 'standard', ratePercent: 20, grossPence: 376_700, netPence: 313_917, vatPence: 62_783 },
      { treatment: 'outside-scope', ratePercent: 0, grossPence: 8_200, netPence: 8_200, vatPence: 0 },
    ]
    const mail = await rendered({ ...order, vatPence: 62_783, vatBreakdown }, dealer)
    expect(mail.text).toContain('VAT included (20%): £627.83')
    expect(mail.text).toContain('Registration fee and road tax (outside the scope of VAT): £82')
    expect(mail.text).not.toContain('Includes VAT')
    const used = await rendered({ ...order, vatPence: 0, vatBreakdown: [{ treatment: 'margin', ratePercent: 0, grossPence: 499_900, netPence: 499_900, vatPence: 0 }] }, dealer)
    expect(used.text).toContain('Used vehicle sold under the VAT margin scheme: No VAT shown')
    expect(used.text).not.toMatch(/VAT included/)
  })

  it('gives the model cancellation form with the dealer’s name and address, and says any clear statement will do', async () => {
    const lines = addressLines({ line1: '1 Kirkstall Road', line2: '', town: 'Leeds', county: null, postcode: 'LS3 1HS' })
    expect(lines).toEqual(['1 Kirkstall Road', 'Leeds', 'LS3 1HS'])
    const mail = await rendered(order, { ...dealer, addressLines: lines })
    expect(mail.text).toContain('Model cancellation form')
    expect(mail.text).toContain('— To Wheelhouse, 1 Kirkstall Road, Leeds, LS3 1HS, email shop@example.co.uk:')
    expect(mail.text).toContain('— I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*]/for the supply of the following service [*],')
    expect(mail.text).toContain('— Signature of consumer(s) (only if this form is notified on paper),')
    expect(mail.text).toContain('[*] Delete as appropriate.')
    expect(mail.text).toContain('Any other clear statement of your decision to cancel is enough')
    expect(mail.html).toContain('— To Wheelhouse, 1 Kirkstall Road, Leeds, LS3 1HS, email shop@example.co.uk:</p>')
  })
})
