// Next.js start-up hook: the background runner of the shop's server process (Node runtime only).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  // Node-only modules, loaded after the runtime check: Next evaluates this file for the edge runtime too.
  const { startBackgroundRunner } = await import('./setup/jobs/runner.server')
  startBackgroundRunner()
  // Node-only, as above.
  const { observeDatabase } = await import('./setup/observe.server')
  observeDatabase()
}

/**
 * Next's hook for errors thrown while rendering a page or running a route: the one error hook of the shop
 * (src/lib/observe/error-hook.mjs), logged with the request id and sent on to ERROR_WEBHOOK_URL when set.
 */
export async function onRequestError(error: unknown, request: { path: string; method: string }, context: { routerKind: string; routePath: string; routeType: string }): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  // Node-only (the logger), loaded after the runtime check: Next evaluates this file for the edge runtime too.
  const { reportError } = await import('./lib/observe/error-hook.mjs')
  await reportError(error, { path: request.path.split('?')[0], method: request.method, route: context.routePath, routeType: context.routeType })
}
