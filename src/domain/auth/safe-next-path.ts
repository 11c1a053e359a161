// Where to send a customer after signing in: only a path on this site, never another origin (open redirect, ASVS V5.1.5).
export function safeNextPath(raw: unknown, fallback = '/account'): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 500) return fallback
  // One leading slash, not two (//evil.example is another host) and no backslash (browsers read /\ as //)
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback
  // No control characters (a tab or newline inside "/\t/evil" is dropped by URL parsers)
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback
  try {
    const url = new URL(raw, 'http://wheelhouse.invalid')
    if (url.origin !== 'http://wheelhouse.invalid') return fallback
    // Signing in again would loop
    if (url.pathname === '/login' || url.pathname === '/logout') return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}
