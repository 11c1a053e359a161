// The account emails, as words for the shop's one template (cms/email-template.ts draws and sends them): confirm
// a new account's address (ADR 038), confirm a new address and tell the old one it is about to change (ADR 009),
// and the password reset Payload sends. Pure: the links are made by the code that signs them.
import { paths } from '../../config/paths'
import type { DealerDetails } from '../../domain/emails/email-brand'
import { questionsBlock } from '../../domain/emails/dealer-contact'
import { button, text, type EmailContent, type EmailSample } from '../../domain/emails/email-content'

/** The shop's own reset page (not Payload's admin one), with the token Payload stored. */
export function resetPasswordLink(siteUrl: string, token: string): string {
  const url = new URL('/reset-password', siteUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

export function emailConfirmationEmail(dealer: DealerDetails, link: string): EmailContent {
  return {
    subject: `Confirm your email address for ${dealer.name}`,
    heading: 'Confirm your email address',
    blocks: [
      text('Hello,'),
      text(`Someone (we hope you) made a ${dealer.name} account with this address.`),
      button('Confirm it is yours', link),
      text('The link works for one day. Until then we send this address no alerts. If you did not make this account, ignore this email: after a day the address is free again.'),
      questionsBlock(dealer),
    ],
  }
}

/** To the new address of an email change: it changes once this link is opened. */
export function emailChangeEmail(dealer: DealerDetails, link: string): EmailContent {
  return {
    subject: `Confirm your new ${dealer.name} email address`,
    heading: 'Confirm your new email address',
    blocks: [
      text('Hello,'),
      text(`Someone (we hope you) asked to use this address for a ${dealer.name} account.`),
      button('Confirm this address', link),
      text('The link works once, for one day. If you did not ask for this, ignore this email.'),
      questionsBlock(dealer),
    ],
  }
}

/** To the old address of an email change, with the way to take the account back if it was not its owner. */
export function emailChangeNoticeEmail(dealer: DealerDetails, to: string): EmailContent {
  return {
    subject: `Your ${dealer.name} email address is about to change`,
    heading: 'Your email address is about to change',
    blocks: [
      text('Hello,'),
      text(`Someone signed in to your ${dealer.name} account asked to change its email address to ${to}. It changes only once that address confirms.`),
      text('If this was not you, change your password at once (use “Forgot password” on the sign-in page): that signs every device out.'),
      button('Change your password', new URL(paths.forgotPassword(), dealer.siteUrl).toString()),
      questionsBlock(dealer),
    ],
  }
}

export function resetPasswordEmail(dealer: DealerDetails, link: string): EmailContent {
  return {
    subject: `Reset your ${dealer.name} password`,
    heading: 'Reset your password',
    blocks: [
      text('Hello,'),
      text(`Someone (we hope you) asked to reset the password of your ${dealer.name} account.`),
      button('Choose a new password', link),
      text('The link works once, for one hour. If you did not ask for this, ignore this email: your password stays as it is.'),
      questionsBlock(dealer),
    ],
  }
}

/** Every account email with sample links, for the admin's previews and the template test. */
export function accountEmailSamples(dealer: DealerDetails): EmailSample[] {
  const confirm = new URL(`${paths.confirmEmail()}?token=sample`, dealer.siteUrl).toString()
  return [
    { id: 'account-email-confirmation', title: 'Account: confirm the email address', content: emailConfirmationEmail(dealer, confirm) },
    { id: 'account-email-change', title: 'Account: confirm a new email address', content: emailChangeEmail(dealer, confirm) },
    { id: 'account-email-change-notice', title: 'Account: email address about to change', content: emailChangeNoticeEmail(dealer, 'ada.new@example.co.uk') },
    { id: 'account-password-reset', title: 'Account: reset the password', content: resetPasswordEmail(dealer, resetPasswordLink(dealer.siteUrl, 'sample')) },
  ]
}
