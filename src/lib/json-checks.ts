// Plain checks for untrusted JSON read back from browser storage, for parsers that must not pull zod into a
// page's script (the stored basket, the finance steps' state). Each test matches the zod rule it replaces.

export type JsonObject = Record<string, unknown>

/** A JSON object: not null and not an array (as z.object and z.record require). */
export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A string of `min` to `max` UTF-16 units (as z.string().min(min).max(max)). */
export const isText = (value: unknown, max: number, min = 0): value is string => typeof value === 'string' && value.length >= min && value.length <= max

/** A safe integer (as zod 4's z.number().int()). */
export const isCount = (value: unknown): value is number => Number.isSafeInteger(value)
