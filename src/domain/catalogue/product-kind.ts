// The kinds of thing the shop sells; a top-level category carries one and its products inherit it.

export const PRODUCT_KINDS = ['motorcycle', 'scooter', 'bicycle', 'e-bike', 'riderwear', 'accessory'] as const
export type ProductKind = (typeof PRODUCT_KINDS)[number]

/** Kinds listed on /all-bikes. */
export const BIKE_KINDS: readonly ProductKind[] = ['motorcycle', 'scooter', 'bicycle', 'e-bike']

export const LICENCE_CATEGORIES = ['AM', 'A1', 'A2', 'A'] as const
export type LicenceCategory = (typeof LICENCE_CATEGORIES)[number]

