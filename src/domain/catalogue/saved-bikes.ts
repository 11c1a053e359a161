// Saved bikes and their alerts: which change of a saved bike is worth one email, and how a guest's
// saved list joins the account's at sign-in. Pure: the feature hands in the bike before and after a change.

/** The most bikes one customer keeps saved; the oldest fall off a guest's list first. */
export const MAX_SAVED_BIKES = 50

/** What an alert is about. */
export type SavedBikeChangeKind = 'price-drop' | 'back-in-stock'

export interface SavedBikeState {
  /** The headline price in pence (every mandatory charge included), or null when unpriced. */
  readonly pricePence: number | null
  /** Units a customer can buy now. */
  readonly available: number
  /** On sale (active). A bike taken off sale never triggers an alert. */
  readonly onSale: boolean
}

export interface SavedBikeChange {
  readonly kind: SavedBikeChangeKind
  /** The same change always has the same key, so one change is emailed once however often it is seen. */
  readonly key: string
}

/**
 * The alert a change calls for, if any: a lower price (not a new price after none), or units to buy where there
 * were none. When both happen at once the price drop is the news. A save that changes neither sends nothing.
 * `version` names the change (e.g. the record's updatedAt), so a later drop back to an earlier price is news again.
 */
export function savedBikeChange(before: SavedBikeState, after: SavedBikeState, version: string): SavedBikeChange | null {
  if (!after.onSale) return null
  if (before.pricePence !== null && after.pricePence !== null && after.pricePence < before.pricePence && after.available > 0) {
    return { kind: 'price-drop', key: `price-drop:${after.pricePence}:${version}` }
  }
  if ((before.available <= 0 || !before.onSale) && after.available > 0) return { kind: 'back-in-stock', key: `back-in-stock:${version}` }
  return null
}

/** A guest's list joined to the account's: the account's first, then the guest's new ones, at most the cap. */
export function mergeSavedSlugs(account: readonly string[], guest: readonly string[]): string[] {
  const merged = [...account]
  for (const slug of guest) if (!merged.includes(slug)) merged.push(slug)
  return merged.slice(0, MAX_SAVED_BIKES)
}
