// GET /api/health: 200 when the database answers, 503 when it does not (for load balancers and uptime checks).
import type { Endpoint } from 'payload'
import pkg from '../../../package.json' with { type: 'json' }
import { pingDatabase } from '../database.server'
import { databaseKind } from '../database-internals'

export const HEALTH_TIMEOUT_MS = 2000

export const health: Endpoint = {
  path: '/health',
  method: 'get',
  handler: async (req) => {
    const kind = databaseKind(req.payload)
    const headers = { 'Cache-Control': 'no-store' }
    // The deadline is cleared as soon as the database answers: left to run, each check's timer would hold the
    // request's context for two seconds, and a flood of checks would hold thousands of them.
    let deadline: ReturnType<typeof setTimeout> | undefined
    try {
      await Promise.race([
        pingDatabase(req.payload),
        new Promise((_, reject) => {
          deadline = setTimeout(() => reject(new Error('database did not answer in time')), HEALTH_TIMEOUT_MS)
        }),
      ])
      return Response.json({ status: 'ok', database: kind, version: pkg.version }, { headers })
    } catch (error) {
      req.payload.logger.error({ err: error }, 'health check failed')
      return Response.json({ status: 'unavailable', database: kind, version: pkg.version }, { status: 503, headers })
    } finally {
      clearTimeout(deadline)
    }
  },
}
