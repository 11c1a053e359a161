// One rule for text a customer may send: no control characters (tab and line breaks aside) and no lone UTF-16
// surrogates. A NUL cannot be stored in PostgreSQL text at all, and neither belongs in a name, address or note.

// eslint-disable-next-line no-control-regex
const CONTROL_OR_LONE_SURROGATE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export const PLAIN_TEXT_MESSAGE = 'contains characters that are not allowed (control characters or broken unicode)'

export function isPlainText(value: string): boolean {
  return !CONTROL_OR_LONE_SURROGATE.test(value)
}

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** Deeper than any body this shop takes; JSON nested further is junk (and would exhaust a recursive reader). */
export const MAX_JSON_DEPTH = 32

/** The dotted path of the first string or key in a parsed JSON value that is not plain text, is a prototype key,
 * or lies deeper than MAX_JSON_DEPTH; null when all are fine. Iterative, so no body can exhaust the stack. */
export function firstJunkIn(root: unknown): string | null {
  const pending: [unknown, string, number][] = [[root, '', 0]]
  while (pending.length > 0) {
    const [value, path, depth] = pending.pop()!
    if (typeof value === 'string') {
      if (!isPlainText(value)) return path || '(body)'
      continue
    }
    if (!value || typeof value !== 'object') continue
    if (depth >= MAX_JSON_DEPTH) return path || '(body)'
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value)
    for (const [k, v] of entries.reverse()) {
      const at = path ? `${path}.${k}` : k
      if (!Array.isArray(value) && (PROTOTYPE_KEYS.has(k) || !isPlainText(k))) return at
      pending.push([v, at, depth + 1])
    }
  }
  return null
}
