// Numbers as en-GB text (1,234.5) worked out by hand rather than through Intl. A browser tab's first Intl formatter
// loads ICU's locale data on the main thread: 18–32 ms on a phone-class core before anything is formatted, inside
// whichever task first shows a price or a mileage (on a product page, its hydration). The server and the browser run
// this same code, so what they write always agrees.

/**
 * `value` with thousands separated by commas and between `minFraction` and `maxFraction` decimals, rounded half away
 * from zero on the number as it is written (1.005 → "1.01"), as `value.toLocaleString('en-GB', …)` writes it. The
 * defaults are toLocaleString's own: no decimals kept unless needed, at most three.
 */
export function numberText(value: number, minFraction = 0, maxFraction = 3): string {
  if (!Number.isFinite(value)) throw new TypeError(`numberText expects a finite number, got ${String(value)}`)
  if (!Number.isInteger(minFraction) || !Number.isInteger(maxFraction) || minFraction < 0 || maxFraction > 20 || minFraction > maxFraction) {
    throw new RangeError(`numberText: fraction digits ${minFraction}–${maxFraction} are out of range`)
  }
  const abs = Math.abs(value)
  const written = String(abs)
  // Scaling the decimal text ("1.005e2") rounds what is written; multiplying the binary value (1.005 * 100 is
  // 100.49999…) would not. A value already written with an exponent is scaled as a number.
  const scaled = written.includes('e') ? Math.round(abs * 10 ** maxFraction) : Math.round(Number(`${written}e${maxFraction}`))
  const unit = 10 ** maxFraction
  const whole = Math.floor(scaled / unit)
  let fraction = maxFraction > 0 ? String(scaled % unit).padStart(maxFraction, '0') : ''
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  const sign = value < 0 && scaled > 0 ? '-' : ''
  return `${sign}${groupThousands(String(whole))}${fraction ? `.${fraction}` : ''}`
}

function groupThousands(digits: string): string {
  let out = ''
  for (let end = digits.length; end > 0; end -= 3) out = digits.slice(Math.max(0, end - 3), end) + (out ? `,${out}` : '')
  return out
}
