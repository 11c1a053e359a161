// The copy of a customer's data (UK GDPR Art. 15 and 20): every record found, by collection, as plain JSON, with
// credentials left out (a password hash or a link token is the shop's means of checking who someone is, not data
// about them, and a copy sent by mistake must not let anyone sign in).
const CREDENTIAL = /hash|salt|token|secret|api_?key|argon|^sessions$|^jti$|checkout_?key|reservation_?key|challenge/i

export interface ExportDocument {
  readonly generatedAt: string
  readonly subject: { readonly accountId: number; readonly email: string }
  /** Each collection that relates to a customer, with the customer's records in it (an empty list when none). */
  readonly collections: Readonly<Record<string, readonly Record<string, unknown>[]>>
}

function withoutCredentials(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCredentials)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).filter(([key]) => !CREDENTIAL.test(key)).map(([key, inner]) => [key, withoutCredentials(inner)]))
}

export function exportDocument(subject: { readonly id: number; readonly email: string }, records: ReadonlyMap<string, readonly Record<string, unknown>[]>, now: Date): ExportDocument {
  const collections: Record<string, Record<string, unknown>[]> = {}
  for (const slug of [...records.keys()].sort()) collections[slug] = records.get(slug)!.map((doc) => withoutCredentials(doc) as Record<string, unknown>)
  return { generatedAt: now.toISOString(), subject: { accountId: subject.id, email: subject.email }, collections }
}

/** Each leaf of a record as a label and its text, for the readable summary ("Address › Postcode": "SW1A 1AA"). */
export function readableRows(record: Record<string, unknown>, prefix: readonly string[] = []): { readonly label: string; readonly value: string }[] {
  const rows: { label: string; value: string }[] = []
  for (const [key, value] of Object.entries(record)) {
    const label = [...prefix, humanise(key)]
    if (value === null || value === undefined || value === '') continue
    if (Array.isArray(value)) value.forEach((item, i) => rows.push(...(typeof item === 'object' && item !== null ? readableRows(item as Record<string, unknown>, [...label, String(i + 1)]) : [{ label: [...label, String(i + 1)].join(' › '), value: String(item) }])))
    else if (typeof value === 'object') rows.push(...readableRows(value as Record<string, unknown>, label))
    else rows.push({ label: label.join(' › '), value: String(value) })
  }
  return rows
}

/** "deliveryAddress" → "Delivery address"; "saved-bikes" → "Saved bikes". */
export function humanise(key: string): string {
  const words = key.replace(/[-_]/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
