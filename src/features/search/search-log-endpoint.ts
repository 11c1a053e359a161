// POST /api/internal/search-log: the production server (server.mjs) reports the searches it answered, in batches
// (server-lib/search-counts.mjs). Only the server itself can call it: the request carries an HMAC of its body made
// with the Payload secret, as /api/internal/not-found does.
import type { Endpoint } from 'payload'
import { signedByServer } from '../../cms/endpoints/record-not-found'
import { parseJsonText } from '../../lib/http/json-text'
import { validate } from '../../lib/http/json-body'
import { json, refuse, refuseBody } from '../../lib/http/respond'
import { isPlainText, PLAIN_TEXT_MESSAGE } from '../../lib/text/plain-text'
import { z } from '../../lib/zod'
import { recordSearches } from './search.server'

/** What server.mjs sends: the searches it counted since its last report. */
export const searchLogBatch = z
  .object({
    at: z.iso.datetime(),
    searches: z
      .array(
        z
          .object({
            kind: z.enum(['results', 'suggestions']),
            q: z.string().min(1).max(100).refine(isPlainText, `q ${PLAIN_TEXT_MESSAGE}`),
            count: z.number().int().min(1).max(1_000_000),
            withoutResults: z.number().int().min(0).max(1_000_000),
          })
          .strict(),
      )
      .max(1000),
  })
  .strict()

export const recordSearchLog: Endpoint = {
  path: '/internal/search-log',
  method: 'post',
  handler: async (req) => {
    const body = req.text ? await req.text() : ''
    if (body.length > 256 * 1024 || !signedByServer(body, req.headers.get('x-wheelhouse-signature'))) {
      return refuse(403, 'forbidden', 'Only the shop itself records searches.')
    }
    const read = parseJsonText(body)
    if (!read.ok) return refuse(400, 'malformed_json', read.message)
    const parsed = validate(searchLogBatch, read.value)
    if (!parsed.ok) return refuseBody(parsed.refusal)
    return json(await recordSearches(req.payload, new Date(parsed.value.at), parsed.value.searches))
  },
}
