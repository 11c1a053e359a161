// The session cookie is Secure whenever the shop's public address is HTTPS: served directly or through a
// TLS-terminating proxy (TRUST_PROXY), the browser sees https there. An http:// SITE_URL (local runs, e2e)
// cannot use Secure cookies, or no one could sign in.
export function cookieIsSecure(siteUrl: string): boolean {
  try {
    return new URL(siteUrl).protocol === 'https:'
  } catch {
    return true
  }
}
