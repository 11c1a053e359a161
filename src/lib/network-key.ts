// The key a client's address is counted under by every per-address limit: an IPv4 address as itself, an IPv6
// address by its /64 (one customer line or one host's whole allocation, which its owner can rotate through at will).

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

function ipv4(text: string): string | null {
  const m = IPV4.exec(text)
  if (!m) return null
  const parts = m.slice(1).map(Number)
  return parts.every((p) => p <= 255) ? parts.join('.') : null
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(text: string): number[] | null {
  let s = text
  const lastColon = s.lastIndexOf(':')
  if (lastColon !== -1 && s.includes('.', lastColon)) {
    // A trailing dotted IPv4 part (::ffff:192.0.2.1) is two groups written another way.
    const v4 = ipv4(s.slice(lastColon + 1))
    if (!v4) return null
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number]
    s = `${s.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const halves = s.split('::')
  if (halves.length > 2) return null
  const parse = (part: string): number[] | null => {
    if (part === '') return []
    const out: number[] = []
    for (const g of part.split(':')) {
      if (!/^[0-9a-f]{1,4}$/i.test(g)) return null
      out.push(parseInt(g, 16))
    }
    return out
  }
  const head = parse(halves[0]!)
  const rest = halves.length === 2 ? parse(halves[1]!) : []
  if (!head || !rest) return null
  const given = head.length + rest.length
  if (halves.length === 2) {
    if (given > 7) return null
    return [...head, ...Array<number>(8 - given).fill(0), ...rest]
  }
  return given === 8 ? head : null
}

/**
 * The subject a rate limit or hold cap counts for this client address: IPv4 (and IPv4 written as IPv6,
 * `::ffff:a.b.c.d`) as the dotted address, IPv6 as its /64 prefix (`2001:db8:1:2::/64`), anything else as given.
 */
export function networkKey(address: string): string {
  let text = address.trim().toLowerCase()
  if (text.startsWith('[') && text.includes(']')) text = text.slice(1, text.indexOf(']'))
  const zone = text.indexOf('%')
  if (zone !== -1) text = text.slice(0, zone)
  const v4 = ipv4(text)
  if (v4) return v4
  const groups = ipv6Groups(text)
  if (!groups) return address.trim().slice(0, 100) || 'unknown'
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`
}
