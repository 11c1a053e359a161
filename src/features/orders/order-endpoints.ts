// The admin order page's endpoints on the orders collection (their bodies and answers: order-staff-contract.ts; the
// part refund is the refunds collection's, features/returns). Staff only: everyone else gets 403 before the body is read. The work is loaded on first use: the Payload config
// imports this file outside Next too (its CLI), where server-only modules may not be.
import type { Endpoint, PayloadRequest } from 'payload'
import { isStaffUser } from '../../cms/access/roles'
import { readJsonRequest } from '../../lib/http/json-body'
import { codeForStatus, json, refuse, refuseBody } from '../../lib/http/respond'
import type { z } from '../../lib/zod'
import { statusMoveRequest } from './order-staff-contract'

type Done = { readonly ok: true } | { readonly ok: false; readonly status: number; readonly message: string }

/** An endpoint acting on the order `:id`, for staff only, its body read with `schema`; a refusal answers its status and message. */
export function staffOrderEndpoint<T>(path: string, method: 'get' | 'post', schema: z.ZodType<T> | null, run: (req: PayloadRequest, id: number, body: T) => Promise<Done & Record<string, unknown>>): Endpoint {
  return {
    path,
    method,
    handler: async (req) => {
      if (!isStaffUser(req.user)) return refuse(403, 'forbidden', 'Only staff may see or change an order here.')
      const id = Number(req.routeParams?.id ?? 0)
      if (!Number.isSafeInteger(id) || id <= 0) return refuse(404, 'not_found', 'There is no such order.')
      let body = undefined as T
      if (schema) {
        const parsed = await readJsonRequest(req as unknown as Request, schema)
        if (!parsed.ok) return refuseBody(parsed.refusal)
        body = parsed.value
      }
      const result = await run(req, id, body)
      if (!result.ok) return refuse(result.status, codeForStatus(result.status), result.message)
      const { ok: _ok, ...rest } = result
      return json({ ok: true, ...rest })
    },
  }
}

const actions = () => import('./order-staff-actions.server')

export const orderEndpoints: Endpoint[] = [
  staffOrderEndpoint('/:id/staff-view', 'get', null, async (req, id) => (await actions()).orderStaffView(req, id)),
  staffOrderEndpoint('/:id/status', 'post', statusMoveRequest, async (req, id, body) => (await actions()).moveOrderStatus(req, id, body)),
]
