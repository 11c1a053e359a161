// The one shape of a JSON endpoint: a check that may answer first (a rate limit, credentials, sign-in), the body
// read and validated by the endpoint's zod schema (the status rule of ./json-body.ts), then the handler with the
// valid value, whose answer is written with ./respond.ts. Extra arguments (a Payload instance, a feature's deps)
// pass through to the check and the handler, so a feature's endpoint can be called directly by its tests.
import type { z } from '../zod'
import { readJsonRequest, type BodyRefusal, type KnownFields } from './json-body'
import { refuseBody } from './respond'

export interface EndpointSpec<T, A extends unknown[]> {
  /** Answers first when it returns a response: a rate limit, service credentials, a sign-in the endpoint needs. */
  readonly before?: (request: Request, ...args: A) => Response | null | Promise<Response | null>
  /** The body's schema; without one the endpoint reads no body (a GET) and its value is undefined. */
  readonly schema?: z.ZodType<T>
  readonly body?: { readonly limit?: number; readonly knownFields?: KnownFields }
  /** The answer to JSON of the wrong shape, where an endpoint words it its own way (otherwise 400 invalid_request). */
  readonly wrongShape?: (refusal: BodyRefusal) => Response
  readonly handle: (value: T, request: Request, ...args: A) => Promise<Response>
}

export function jsonEndpoint<T = undefined, A extends unknown[] = []>(spec: EndpointSpec<T, A>): (request: Request, ...args: A) => Promise<Response> {
  return async (request, ...args) => {
    const early = await spec.before?.(request, ...args)
    if (early) return early
    if (!spec.schema) return spec.handle(undefined as T, request, ...args)
    const parsed = await readJsonRequest(request, spec.schema, spec.body)
    if (!parsed.ok) return parsed.refusal.error === 'invalid_request' && spec.wrongShape ? spec.wrongShape(parsed.refusal) : refuseBody(parsed.refusal)
    return spec.handle(parsed.value, request, ...args)
  }
}
