// GET /api/health: 200 when the database answers, 503 when it does not (for load balancers and uptime checks).
import fs from 'node:fs'
import path from 'node:path'
import type { Endpoint } from 'payload'
import pkg from '../../../package.json' with { type: 'json' }
import { pingDatabase } from '../database.server'
import { databaseKind } from '../database-internals'

export const HEALTH_TIMEOUT_MS = 2000

let served: string | undefined
/** The build this process serves: its commit and build time (next.config.ts releaseId), read once; `dev` under `next dev`. */
function release(): string {
  served ??= (() => {
    try {
      return fs.readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim() || 'unknown'
    } catch {
      return 'dev'
    }
  })()
  return served
}

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
      return Response.json({ status: 'ok', database: kind, version: pkg.version, release: release() }, { headers })
    } catch (error) {
      req.payload.logger.error({ err: error }, 'health check failed')
      return Response.json({ status: 'unavailable', database: kind, version: pkg.version, release: release() }, { status: 503, headers })
    } finally {
      clearTimeout(deadline)
    }
  },
}
