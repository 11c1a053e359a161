// Next.js start-up hook: the background runner of the shop's server process (Node runtime only).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { startBackgroundRunner } = await import('./setup/jobs/runner.server')
  startBackgroundRunner()
}
