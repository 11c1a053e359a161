// A collection endpoint staff use from the admin (an order's next step, a return's): everyone else gets 403 before
// the body is read; a path with `:id` answers 404 for an id that cannot be one; the body is read with its schema
// (a bad one is a 400 that changes nothing); the work's refusal answers its own status and message.
import type { Endpoint, PayloadRequest } from 'payload'
import { isStaffUser } from '../access/roles'
import { readJsonRequest } from '../../lib/http/json-body'
import { codeForStatus, json, refuse, refuseBody } from '../../lib/http/respond'
import type { z } from '../../lib/zod'

export type StaffStepDone = ({ readonly ok: true } | { readonly ok: false; readonly status: number; readonly message: string }) & Record<string, unknown>

export interface StaffEndpoint<T> {
  readonly path: string
  readonly method?: 'get' | 'post'
  readonly schema: z.ZodType<T> | null
  /** What the record is called in the refusals: "an order", "a return". */
  readonly record: string
  readonly run: (req: PayloadRequest, id: number, body: T) => Promise<StaffStepDone>
}

export function staffEndpoint<T>({ path, method = 'post', schema, record, run }: StaffEndpoint<T>): Endpoint {
  return {
    path,
    method,
    handler: async (req) => {
      if (!isStaffUser(req.user)) return refuse(403, 'forbidden', `Only staff may see or change ${record} here.`)
      const id = Number(req.routeParams?.id ?? 0)
      if (path.includes(':id') && (!Number.isSafeInteger(id) || id <= 0)) return refuse(404, 'not_found', `There is no such ${record.replace(/^an? /, '')}.`)
      let body = undefined as T
      if (schema) {
        const parsed = await readJsonRequest(req as unknown as Request, schema)
        if (!parsed.ok) return refuseBody(parsed.refusal)
        body = parsed.value
      }
      const result = await run(req, id, body)
      if (!result.ok) return refuse(result.status as number, codeForStatus(result.status as number), result.message as string)
      const { ok: _ok, ...rest } = result
      return json({ ok: true, ...rest })
    },
  }
}
