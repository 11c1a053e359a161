// The client store's key in localStorage (spec §4: the store is kept under "root"), one property per slice:
// basket and delivery (features/basket), finance and financeContact (features/finance). Free of zod on purpose:
// pages import it with their first-load JavaScript.
export const STORE_STORAGE_KEY = 'root'
