import { describe, expect, it } from 'vitest'
import { emailBrandOf } from '../../domain/emails/email-brand'
import { renderEmail } from '../../features/emails/render-email'
import { accountEmailSamples, emailChangeEmail, emailChangeNoticeEmail, emailConfirmationEmail, resetPasswordEmail, resetPasswordLink } from './account-emails'

const dealer = emailBrandOf({ dealerName: 'Moto & Co', phone: '0113 496 0000' }, 'https://shop.test')
const link = 'https://shop.test/account/confirm-email?token=abc&x=1'

describe('account emails', () => {
  it('asks a new account to confirm its address, with the link as a button', async () => {
    const mail = await renderEmail(emailConfirmationEmail(dealer, link), dealer)
    expect(mail.subject).toBe('Confirm your email address for Moto & Co')
    expect(mail.text).toContain('Someone (we hope you) made a Moto & Co account with this address.')
    expect(mail.text).toContain(`Confirm it is yours ${link}`)
    expect(mail.text).toContain('The link works for one day. Until then we send this address no alerts.')
    expect(mail.html).toContain('href="https://shop.test/account/confirm-email?token=abc&amp;x=1"')
    expect(mail.html).toContain('Moto &amp; Co account')
  })

  it('confirms a new address and tells the old one, escaping the address it names', async () => {
    const confirm = await renderEmail(emailChangeEmail(dealer, link), dealer)
    expect(confirm.subject).toBe('Confirm your new Moto & Co email address')
    expect(confirm.text).toContain('The link works once, for one day.')
    expect(confirm.text).toContain(`Confirm this address ${link}`)
    const notice = await renderEmail(emailChangeNoticeEmail(dealer, 'eve<script>@example.com'), dealer)
    expect(notice.subject).toBe('Your Moto & Co email address is about to change')
    expect(notice.text).toContain('asked to change its email address to eve<script>@example.com. It changes only once that address confirms.')
    expect(notice.text).toContain('Change your password https://shop.test/forgot-password')
    expect(notice.html).toContain('eve&lt;script&gt;@example.com')
    expect(notice.html).not.toContain('<script>')
  })

  it('links the password reset to the shop’s own reset page with the token', async () => {
    expect(resetPasswordLink('https://shop.test', 'abc123')).toBe('https://shop.test/reset-password?token=abc123')
    const mail = await renderEmail(resetPasswordEmail(dealer, resetPasswordLink('http://localhost:3330', 'tok')), dealer)
    expect(mail.subject).toBe('Reset your Moto & Co password')
    expect(mail.html).toContain('href="http://localhost:3330/reset-password?token=tok"')
    expect(mail.text).toContain('Choose a new password http://localhost:3330/reset-password?token=tok')
    expect(mail.text).toContain('The link works once, for one hour.')
    expect((await renderEmail(resetPasswordEmail(dealer, resetPasswordLink('https://shop.test', '"><script>')), dealer)).html).not.toContain('<script>')
  })

  it('has a sample of every account email', async () => {
    const samples = accountEmailSamples(dealer)
    expect(samples.map((s) => s.id)).toEqual(['account-email-confirmation', 'account-email-change', 'account-email-change-notice', 'account-password-reset'])
    for (const s of samples) expect((await renderEmail(s.content, dealer)).text).toContain('Questions? Contact Moto & Co on 0113 496 0000.')
  })
})
