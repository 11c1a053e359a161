// The client store in localStorage (spec §4: the store is kept under "root"), one property per slice:
// basket and delivery (features/basket), finance and financeContact (features/finance). Free of zod on purpose:
// pages import it with their first-load JavaScript.
export const STORE_STORAGE_KEY = 'root'

/** The stored store text as an object of slices; anything missing or unreadable is an empty store. */
export function parseStoredRoot(raw: string | null): Record<string, unknown> {
  if (!raw) return {}
  try {
    const value: unknown = JSON.parse(raw)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
