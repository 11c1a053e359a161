import { describe, expect, it } from 'vitest'
import { emailBrandOf } from '../../domain/emails/email-brand'
import { renderEmail } from '../emails/render-email'
import { savedBikeAlertEmail, savedBikeAlertEmailSamples, type SavedBikeAlert } from './saved-bike-alert-email'

const dealer = emailBrandOf({ dealerName: 'Moto & Co' }, 'https://shop.test')
const alert: SavedBikeAlert = {
  kind: 'price-drop',
  productName: 'Mutt <RS-13> 250',
  pricePence: 399_900,
  productUrl: 'https://shop.test/products/mutt-rs-13-250',
  unsubscribeUrl: 'https://shop.test/saved/unsubscribe?token=abc',
}

describe('saved-bike alert email', () => {
  it('names the bike and its new price, links to it, and shows the one-click way to stop these emails', async () => {
    const mail = await renderEmail(savedBikeAlertEmail(alert, dealer), dealer)
    expect(mail.subject).toBe('Mutt <RS-13> 250 is now £3,999')
    expect(mail.text).toContain('Good news: Mutt <RS-13> 250, which you saved, is now £3,999 (every mandatory charge included).')
    expect(mail.text).toContain('See the Mutt <RS-13> 250 https://shop.test/products/mutt-rs-13-250')
    expect(mail.text).toContain("You asked Moto & Co to email you when a saved bike's price drops or it is back in stock. Stop these emails with one click https://shop.test/saved/unsubscribe?token=abc")
    expect(mail.html).toContain('href="https://shop.test/saved/unsubscribe?token=abc"')
    expect(mail.html).toContain('Mutt &lt;RS-13&gt; 250')
    expect(mail.html).not.toContain('<RS-13>')
  })

  it('says back in stock without a price', async () => {
    const mail = await renderEmail(savedBikeAlertEmail({ ...alert, kind: 'back-in-stock' }, dealer), dealer)
    expect(mail.subject).toBe('Mutt <RS-13> 250 is back in stock')
    expect(mail.text).toContain('which you saved, is back in stock.')
    expect(mail.text).not.toContain('mandatory')
  })

  it('has a sample of both alerts', async () => {
    const samples = savedBikeAlertEmailSamples(dealer)
    expect(samples.map((s) => s.id)).toEqual(['saved-bike-price-drop', 'saved-bike-back-in-stock'])
    for (const s of samples) expect((await renderEmail(s.content, dealer)).text).toContain('/saved/unsubscribe?token=sample')
  })
})
