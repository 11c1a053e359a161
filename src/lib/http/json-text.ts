// Parses a JSON request body's text for every JSON endpoint: not JSON, or JSON carrying control characters,
// broken unicode, prototype keys (__proto__, constructor) or absurd nesting, is refused with the reason, before any schema sees it.
import { firstJunkIn, PLAIN_TEXT_MESSAGE } from '../text/plain-text'

export type JsonText = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: 'malformed' | 'junk'; readonly message: string }

export function parseJsonText(text: string): JsonText {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'malformed', message: 'The request body is not valid JSON.' }
  }
  const junk = firstJunkIn(value)
  if (junk) return { ok: false, reason: 'junk', message: `${junk} ${PLAIN_TEXT_MESSAGE}.` }
  return { ok: true, value }
}
