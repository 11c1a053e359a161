// HMAC-SHA256 webhook signatures in the usual "t=<unix seconds>,v1=<hex>" header form, over `${t}.${body}`.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const SIGNATURE_HEADER = 'wheelhouse-signature'
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60

export function signPayload(body: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')
  return `t=${timestampSeconds},v1=${v1}`
}

export type SignatureCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string }

/** Checks `header` against `body`; a signature older or newer than the tolerance is refused (replays). */
export function verifySignature(body: string, header: string | null | undefined, secret: string, nowSeconds: number, toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing signature header' }
  const parts = new Map<string, string[]>()
  for (const piece of header.split(',')) {
    const at = piece.indexOf('=')
    if (at <= 0) continue
    const key = piece.slice(0, at).trim()
    parts.set(key, [...(parts.get(key) ?? []), piece.slice(at + 1).trim()])
  }
  const t = parts.get('t')?.[0]
  const signatures = parts.get('v1') ?? []
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return { ok: false, reason: 'malformed signature header' }
  const timestamp = Number(t)
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: 'signature timestamp outside the tolerance' }
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'), 'utf8')
  for (const candidate of signatures) {
    const given = Buffer.from(candidate, 'utf8')
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true }
  }
  return { ok: false, reason: 'signature does not match' }
}
