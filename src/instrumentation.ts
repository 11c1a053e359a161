// Next.js start-up hook: background jobs of the shop's server process (Node runtime only).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { startHoldExpiry } = await import('./features/orders/hold-expiry.server')
  startHoldExpiry()
}
