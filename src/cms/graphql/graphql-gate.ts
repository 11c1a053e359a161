// The HTTP edge of /api/graphql (ADR 021): src/proxy.ts runs this before Payload's route, so a
// document over the limits of query-limits.ts is refused before GraphQL parses it (graphql-http parses with no token
// limit) or validates it (some of graphql-js's own rules are quadratic in repeated fields), always with a 400 and a
// GraphQL error. Payload's route would answer the same refusal from the validation rule with 200 under the legacy
// `Accept: application/json` of the GraphQL-over-HTTP specification.
import { readBoundedText } from '../../lib/http/bounded-body'
import { DEFAULT_LIMITS, queryProblem } from './query-limits'

/** Query, variables and the rest: room for a mutation's data, well under anything that costs to read. */
export const MAX_GRAPHQL_BODY_BYTES = 64 * 1024

function refusal(status: 400 | 413, code: string, message: string): Response {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code, statusCode: status } }] }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

function paramsOf(contentType: string, text: string): { query: unknown; variables: unknown } | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  try {
    if (type === 'application/json' || type.endsWith('+json')) {
      const body: unknown = JSON.parse(text)
      return body && typeof body === 'object' && !Array.isArray(body) ? { query: (body as Record<string, unknown>).query, variables: (body as Record<string, unknown>).variables } : null
    }
    if (type === 'application/x-www-form-urlencoded') {
      const form = new URLSearchParams(text)
      const variables = form.get('variables')
      return { query: form.get('query'), variables: variables ? JSON.parse(variables) : undefined }
    }
  } catch {
    return null // not JSON: GraphQL's own answer says so
  }
  return null
}

/**
 * A refusal for this GraphQL request, or null to let Payload answer it. It reads the body the proxy is given, which
 * Next clones for it: the route still gets the whole body.
 */
export async function graphqlRefusal(request: Request): Promise<Response | null> {
  if (request.method !== 'POST') return null
  const body = await readBoundedText(request, MAX_GRAPHQL_BODY_BYTES)
  if (!body.ok) return refusal(413, 'PAYLOAD_TOO_LARGE', `The request body must be at most ${MAX_GRAPHQL_BODY_BYTES / 1024} KB (a query at most ${DEFAULT_LIMITS.queryChars / 1024} KB).`)
  const params = paramsOf(request.headers.get('content-type') ?? '', body.text)
  if (!params) return null
  const variables = params.variables && typeof params.variables === 'object' && !Array.isArray(params.variables) ? (params.variables as Record<string, unknown>) : undefined
  const problem = queryProblem(params.query, variables)
  return problem ? refusal(400, 'QUERY_TOO_COMPLEX', problem) : null
}
