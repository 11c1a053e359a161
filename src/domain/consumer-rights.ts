// The Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013, as the shop's texts
// state them: one place for the figures, so that an order, a reservation and their emails never disagree.

/** A distance contract may be cancelled within this many days without a reason (regs. 29–31). */
export const CANCELLATION_DAYS = 14
/** A cancelled contract's money is refunded within this many days (reg. 34). */
export const REFUND_DAYS = 14
/** Goods of a cancelled contract are sent back within this many days of cancelling (reg. 35). */
export const RETURN_DAYS = 14
export const CONSUMER_CONTRACTS_REGULATIONS = 'Consumer Contracts Regulations 2013'
