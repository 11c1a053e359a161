// The request context flag the shop's own code (the account's endpoints, the erasure job) sets when it writes a data
// request itself; the collection's hook lets such writes through. Its own module, so the collection and the code that
// writes requests need not import each other.
export const SHOP_WRITES_REQUEST = 'wheelhouseDataRequestByShop'
