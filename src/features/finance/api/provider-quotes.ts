// POST /api/finance-provider/quotes: the built-in provider answering iVendi Quoteware requests over HTTP, so anything
// that speaks iVendi (including this shop's own finance client, with FINANCE_QUOTES_URL) can use it.
import type { Payload } from 'payload'
import { lenderPanel, newUid } from '../finance-client'
import { env } from '../../../config/env'
import { answerIvendiQuoteRequest, ivendiErrorResponse, ivendiQuoteRequestSchema, PROVIDER_ERRORS, requestProblems } from '../../../adapters/finance/ivendi/provider'
import { readJsonBody } from '../../../lib/http/json-body'
import { json } from '../../../lib/http/respond'

/** expectedUsername: IVENDI_USERNAME by default; when set, Credentials.Username must match it. */
export async function handleProviderQuotes(request: Request, payload: Payload, options: { readonly now?: Date; readonly expectedUsername?: string | null } = {}): Promise<Response> {
  const body = await readJsonBody(request, 256 * 1024)
  if (!body.ok) return json(ivendiErrorResponse([body.refusal.message], PROVIDER_ERRORS.malformed, newUid), body.refusal.status)
  const parsed = ivendiQuoteRequestSchema.safeParse(body.value)
  if (!parsed.success) return json(ivendiErrorResponse(requestProblems(parsed.error), PROVIDER_ERRORS.malformed, newUid), 400)
  const expected = options.expectedUsername === undefined ? env().IVENDI_USERNAME : options.expectedUsername
  if (expected && parsed.data.Credentials.Username !== expected) {
    return json(ivendiErrorResponse(['The credentials are not recognised'], PROVIDER_ERRORS.credentials, newUid), 401)
  }
  return json(answerIvendiQuoteRequest(parsed.data, { panel: await lenderPanel(payload), now: options.now ?? new Date(), uid: newUid }))
}
