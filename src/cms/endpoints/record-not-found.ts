// POST /api/internal/not-found: the production server (server.mjs) reports the 404s it served, in batches.
// Only the server itself can call it: the request must carry an HMAC of the body made with the Payload secret.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Endpoint } from 'payload'
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

export const recordNotFound: Endpoint = {
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
    for (const hit of parsed.value.hits) {
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
        await req.payload.create({
          collection: 'not-found-paths',
          data: { path: hit.path, hits: hit.count, firstSeenAt: hit.at, lastSeenAt: hit.at, lastReferrer: hit.referrer },
          overrideAccess: true,
          depth: 0,
        })
      }
    }
    return json({ recorded: parsed.value.hits.length })
  },
}
