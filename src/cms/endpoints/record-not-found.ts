// POST /api/internal/not-found: the production server (server.mjs) reports the 404s it served, in batches.
// Only the server itself can call it: the request must carry an HMAC of the body made with the Payload secret.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Endpoint, Payload } from 'payload'
import { parseJsonText } from '../../lib/http/json-text'
import { validate } from '../../lib/http/json-body'
import { json, refuse, refuseBody } from '../../lib/http/respond'
import { z } from '../../lib/zod'
import { env } from '../../config/env'
import { payloadSecret } from '../../config/secrets.server'

const batchSchema = z.object({
  hits: z
    .array(
      z.object({
        path: z.string().min(1).max(500).startsWith('/'),
        count: z.number().int().min(1).max(1_000_000),
        referrer: z.string().max(500).nullable(),
        at: z.iso.datetime(),
      }).strict(),
    )
    .max(500),
}).strict()

export function signNotFoundBatch(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex')
}

/** True when an internal request from server.mjs carries the HMAC of its body made with the Payload secret. */
export function signedByServer(body: string, signature: string | null): boolean {
  const given = Buffer.from(signature ?? '', 'utf8')
  const expected = Buffer.from(signNotFoundBatch(body, payloadSecret(env().PAYLOAD_SECRET)), 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Bounds on the table: a path longer than any real page's is not worth a redirect, and a crawler or a
 * script asking for endless distinct paths must not grow the table without end. Past maxRows the least-hit, then
 * longest-unseen, rows are dropped: the paths worth a redirect are the ones asked for again and again.
 */
export const NOT_FOUND_LIMITS = { maxPathLength: 200, maxRows: 5000 } as const
export type NotFoundLimits = { readonly maxPathLength: number; readonly maxRows: number }

export function recordNotFoundEndpoint(limits: NotFoundLimits = NOT_FOUND_LIMITS): Endpoint {
  return {
    path: '/internal/not-found',
    method: 'post',
    handler: async (req) => {
      const body = req.text ? await req.text() : ''
      if (body.length > 256 * 1024 || !signedByServer(body, req.headers.get('x-wheelhouse-signature'))) {
        return refuse(403, 'forbidden', 'Only the shop itself records not-found pages.')
      }
      const read = parseJsonText(body)
      if (!read.ok) return refuse(400, 'malformed_json', read.message)
      const parsed = validate(batchSchema, read.value)
      if (!parsed.ok) return refuseBody(parsed.refusal)
      let recorded = 0
      let created = 0
      for (const hit of parsed.value.hits) {
        if (hit.path.length > limits.maxPathLength) continue
        recorded += 1
        const existing = await req.payload.find({ collection: 'not-found-paths', where: { path: { equals: hit.path } }, limit: 1, depth: 0, overrideAccess: true })
        const doc = existing.docs[0]
        if (doc) {
          await req.payload.update({
            collection: 'not-found-paths',
            id: doc.id,
            data: { hits: (doc.hits ?? 0) + hit.count, lastSeenAt: hit.at, lastReferrer: hit.referrer ?? doc.lastReferrer },
            overrideAccess: true,
            depth: 0,
          })
        } else {
          created += 1
          await req.payload.create({
            collection: 'not-found-paths',
            data: { path: hit.path, hits: hit.count, firstSeenAt: hit.at, lastSeenAt: hit.at, lastReferrer: hit.referrer },
            overrideAccess: true,
            depth: 0,
          })
        }
      }
      const pruned = created > 0 ? await pruneNotFound(req.payload, limits.maxRows) : 0
      return json({ recorded, skipped: parsed.value.hits.length - recorded, pruned })
    },
  }
}

async function pruneNotFound(payload: Payload, maxRows: number): Promise<number> {
  const { totalDocs } = await payload.count({ collection: 'not-found-paths', overrideAccess: true })
  const over = totalDocs - maxRows
  if (over <= 0) return 0
  const victims = await payload.find({ collection: 'not-found-paths', sort: ['hits', 'lastSeenAt'], limit: over, depth: 0, overrideAccess: true, select: { path: true } })
  await payload.delete({ collection: 'not-found-paths', where: { id: { in: victims.docs.map((d) => d.id) } }, overrideAccess: true })
  return victims.docs.length
}

export const recordNotFound: Endpoint = recordNotFoundEndpoint()
