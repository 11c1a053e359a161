// The password-reset email Payload sends (forgot password): the link opens the shop's own /reset-password page.
export const resetPasswordEmailSubject = 'Reset your Wheelhouse password'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function resetPasswordLink(siteUrl: string, token: string): string {
  const url = new URL('/reset-password', siteUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

export function resetPasswordEmailHtml(siteUrl: string, token: string): string {
  const link = escapeHtml(resetPasswordLink(siteUrl, token))
  return [
    '<p>Hello,</p>',
    '<p>Someone (we hope you) asked to reset the password of your Wheelhouse account.</p>',
    `<p>Choose a new password here: <a href="${link}">${link}</a></p>`,
    '<p>The link works once, for one hour. If you did not ask for this, ignore this email: your password stays as it is.</p>',
    '<p>Wheelhouse</p>',
  ].join('\n')
}
