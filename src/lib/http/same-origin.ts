// Whether a browser sent this request from the shop's own pages: the CSRF check of every cookie-authenticated
// change and every server action (Next also compares Origin and Host for server actions, but lets a post with no
// Origin through).

/**
 * True when Origin is the shop's (its configured URL, or the host the browser addressed, over http or https;
 * a browser cannot forge Origin to match it from another site). With no Origin, only a request the browser
 * marks cross-site is refused, so a plain HTML form from an old browser still works.
 */
export function isSameOrigin(headers: { get(name: string): string | null }, siteUrl: string): boolean {
  const origin = headers.get('origin')
  const allowed = new Set([new URL(siteUrl).origin])
  const host = headers.get('host')
  if (host) for (const scheme of ['http', 'https']) allowed.add(`${scheme}://${host}`)
  if (origin) return allowed.has(origin)
  return headers.get('sec-fetch-site') !== 'cross-site'
}
