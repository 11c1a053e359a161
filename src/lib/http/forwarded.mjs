// Who is on the other end of a request, and whether it came over HTTPS (ADR 036).
//
// An instance believes X-Forwarded-For, X-Forwarded-Proto and X-Forwarded-Host only when the connection's own peer
// is one of the proxies named in TRUST_PROXY. Anyone else who reaches an instance's port directly is who the
// socket says, whatever headers they send, so they cannot choose their address and slip past the per-address
// limits. Only the nearest hop is believed: the proxy in front appends the address it saw, so the last entry of
// X-Forwarded-For is the client as that proxy saw it (a chain of our own proxies passes one list along).
//
// proxy-addr (the rule Express uses) parses the addresses, CIDR ranges and the names `loopback`, `linklocal` and
// `uniquelocal`, and walks X-Forwarded-For; IPv4-mapped IPv6 peers (::ffff:127.0.0.1) match their IPv4 range.
import proxyaddr from 'proxy-addr'

const OFF = new Set(['', 'false', '0', 'off', 'no'])
// `true` predates the address list: it meant "the proxy on this machine", which is what the shipped topology runs.
const LOOPBACK = new Set(['true', '1', 'on', 'yes'])

/**
 * TRUST_PROXY read into a rule: `false` (the default) believes no forwarded header; `true` or `loopback` believes
 * a proxy on this machine; otherwise a comma-separated list of addresses, CIDR ranges and proxy-addr's names.
 * Throws a one-line message on anything else, so a typo cannot silently trust nobody or everybody.
 */
export function proxyTrust(value = '') {
  const text = String(value).trim().toLowerCase()
  if (OFF.has(text)) return null
  const list = LOOPBACK.has(text) ? ['loopback'] : text.split(',').map((s) => s.trim()).filter(Boolean)
  try {
    const trusted = proxyaddr.compile(list)
    return { list, trusted }
  } catch (error) {
    throw new Error(`TRUST_PROXY must be false, true, loopback, or a comma-separated list of proxy addresses or CIDR ranges (${error instanceof Error ? error.message : String(error)})`)
  }
}

/** Whether this connection's peer is one of the trusted proxies. */
export function fromTrustedProxy(req, trust) {
  const peer = req.socket?.remoteAddress
  return Boolean(trust && peer && trust.trusted(peer, 0))
}

/**
 * The client's address and whether the client reached us over HTTPS. Behind a trusted proxy: the last
 * X-Forwarded-For hop and the first X-Forwarded-Proto value; otherwise the socket's peer and its own TLS.
 * `viaProxy` false: the caller removes the X-Forwarded-* headers such a peer sent (server-lib/untrusted-headers.mjs),
 * so nothing downstream (Next's server actions compare X-Forwarded-Host with Origin) reads a visitor's own claim.
 */
export function connectionFacts(req, trust) {
  const peer = req.socket?.remoteAddress || 'unknown'
  if (!fromTrustedProxy(req, trust)) {
    return { clientAddress: peer, https: Boolean(req.socket?.encrypted), viaProxy: false }
  }
  // Trust only hop 0 (the peer itself): the address it reports for its own client is the answer, even when that
  // client is also on a trusted network.
  const clientAddress = proxyaddr(req, (_address, hop) => hop === 0) || peer
  const proto = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim().toLowerCase()
  return { clientAddress, https: proto === 'https' || Boolean(req.socket?.encrypted), viaProxy: true }
}
