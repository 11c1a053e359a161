// Named places where a crash test kills the process (SIGKILL) on purpose, so that the window it aims at is
// hit every time instead of by chance (tests/e2e/crash-paid.e2e.test.ts). Inert unless the environment
// names the point: WHEELHOUSE_CRASH_AT=<point>, and never honoured in a process that does not also have
// WHEELHOUSE_CRASH_TESTS=1, so a stray variable in production cannot take the shop down.

export type CrashPointName = 'order-paid-committed' | 'order-confirmation-sent' | 'gateway-payment-taken' | 'document-number-taken' | 'refund-made-not-recorded'

export function crashPoint(name: CrashPointName): void {
  if (process.env.WHEELHOUSE_CRASH_TESTS !== '1') return
  if (process.env.WHEELHOUSE_CRASH_AT !== name) return
  process.kill(process.pid, 'SIGKILL')
}
