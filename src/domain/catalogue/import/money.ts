// Prices in a feed are pounds, VAT included ("6499", "6,499.00", "£12.50"); the shop stores integer pence.
// Anything that is not plainly an amount of money is refused rather than guessed at.

export type MoneyResult = { readonly ok: true; readonly pence: number } | { readonly ok: false; readonly reason: string }

const MAX_PENCE = 100_000_000 // the CMS's ceiling for a price (£1,000,000)

/** Pounds as written in a feed to whole pence: at most two decimals, no sign, optional £ and thousands commas. */
export function parsePounds(raw: string): MoneyResult {
  const text = raw.trim()
  const match = /^£?\s*((?:\d{1,3}(?:,\d{3})+)|\d+)(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) {
    if (/^-|^£\s*-/.test(text)) return { ok: false, reason: `price "${raw}" is negative` }
    if (/^£?\s*[\d,]*\.\d{3,}$/.test(text)) return { ok: false, reason: `price "${raw}" has more than two decimals` }
    return { ok: false, reason: `price "${raw}" is not an amount in pounds` }
  }
  const pounds = Number(match[1]!.replace(/,/g, ''))
  const pence = pounds * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  if (!Number.isSafeInteger(pence) || pence > MAX_PENCE) return { ok: false, reason: `price "${raw}" is more than £1,000,000` }
  return { ok: true, pence }
}

/** Pence as the feed writes pounds: "6499.00", "12.50". */
export function formatPounds(pence: number): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`
}
