// One idempotency key per checkout attempt, kept in the tab's session storage until the order is placed.

const CHECKOUT_KEY = 'wheelhouse.checkoutKey'

/** One key per checkout attempt, kept (across a reload) until the order is placed, so a retried request never makes a second order. */
export function checkoutKey(): string {
  try {
    const existing = window.sessionStorage.getItem(CHECKOUT_KEY)
    if (existing) return existing
    const key = crypto.randomUUID()
    window.sessionStorage.setItem(CHECKOUT_KEY, key)
    return key
  } catch {
    return crypto.randomUUID()
  }
}

export function forgetCheckoutKey() {
  try {
    window.sessionStorage.removeItem(CHECKOUT_KEY)
  } catch {
    // storage refused: nothing was kept
  }
}
