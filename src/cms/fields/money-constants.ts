// Names the money field's server rules and its admin component share (a client component cannot import the
// field factory, which carries server-side hooks).

/** The virtual field a save sets to confirm a price change of more than half (never stored). */
export const CONFIRM_PRICE_CHANGES = 'confirmPriceChanges'

/** What the admin input holds while its text is no amount: refused by the field's validation, never read as pence. */
export const UNREADABLE_AMOUNT = 'unreadable amount'
