// Human-friendly order numbers ("WH-7K3F9Q"): short enough to read over the phone, from an alphabet
// without look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, U/V), random so they give nothing away about volumes.

export const ORDER_NUMBER_ALPHABET = '346789ABCDEFGHJKMNPQRTWXY'
export const ORDER_NUMBER_PREFIX = 'WH-'
export const ORDER_NUMBER_LENGTH = 6

const PATTERN = new RegExp(`^${ORDER_NUMBER_PREFIX}[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_LENGTH}}$`)

/**
 * A new order number from `randomBytes` (pass crypto's). Rejection sampling keeps every character equally
 * likely: bytes at or above the largest multiple of the alphabet size are skipped.
 */
export function generateOrderNumber(randomBytes: (size: number) => Uint8Array): string {
  const size = ORDER_NUMBER_ALPHABET.length
  const limit = 256 - (256 % size)
  let out = ''
  while (out.length < ORDER_NUMBER_LENGTH) {
    for (const byte of randomBytes(ORDER_NUMBER_LENGTH * 2)) {
      if (byte >= limit) continue
      out += ORDER_NUMBER_ALPHABET[byte % size]
      if (out.length === ORDER_NUMBER_LENGTH) break
    }
  }
  return `${ORDER_NUMBER_PREFIX}${out}`
}

/** Whether `value` has the shape of an order number (customers type them: case and spaces are forgiven). */
export function normaliseOrderNumber(value: string): string | null {
  const compact = value.trim().toUpperCase().replace(/\s+/g, '')
  const withPrefix = compact.startsWith(ORDER_NUMBER_PREFIX) ? compact : compact.startsWith('WH') ? `${ORDER_NUMBER_PREFIX}${compact.slice(2)}` : `${ORDER_NUMBER_PREFIX}${compact}`
  return PATTERN.test(withPrefix) ? withPrefix : null
}

export function isOrderNumber(value: string): boolean {
  return PATTERN.test(value)
}
