// Staff steps on a return, as endpoints of the returns collection (the admin's return page calls them):
//   POST /api/returns/:id/receive   goods back: stock back on the shelf, the refund deadline starts
//   POST /api/returns/:id/refund    { deductionPence, deductionReason }: the refund, less any deduction
//   POST /api/returns/:id/reject    { reason }
//   POST /api/returns/record        a cancellation the customer made by any clear statement (phone, letter, email)
//   POST /api/returns/fault         a fault the customer reported: the remedy that applies from the delivery day
// Staff only; everyone else 403 before the body is read. The workflow is loaded on first use: the Payload config
// imports this file outside Next too (its CLI), where server-only modules may not be.
import type { Endpoint, PayloadRequest } from 'payload'
import { staffEndpoint, type StaffEndpoint } from '../../cms/endpoints/staff-endpoint'
import { staffActor } from '../../cms/fields/history'
import { faultClaimRequest, refundStepRequest, rejectStepRequest, staffRecordRequest } from './return-request-schema'

/** A staff step on a return (or one that opens one). */
const staffStep = <T>(path: string, schema: StaffEndpoint<T>['schema'], run: StaffEndpoint<T>['run']): Endpoint => staffEndpoint({ path, schema, record: 'a return', run })

const workflow = () => import('./returns.server')

const NO_ORDER = { ok: false, status: 404, message: 'There is no order with that number.' } as const

async function orderByNumber(req: PayloadRequest, orderNumber: string) {
  const found = await req.payload.find({ collection: 'orders', where: { orderNumber: { equals: orderNumber } }, limit: 1, depth: 0, overrideAccess: true, pagination: false })
  return found.docs[0] ?? null
}

export const returnEndpoints: Endpoint[] = [
  staffStep('/:id/receive', null, async (req, id) => (await workflow()).receiveReturn(req.payload, id, staffActor(req))),
  staffStep('/:id/refund', refundStepRequest, async (req, id, body) =>
    (await workflow()).refundReturn(req.payload, id, body.deductionPence > 0 ? { pence: body.deductionPence, reason: body.deductionReason } : null, staffActor(req)),
  ),
  staffStep('/:id/reject', rejectStepRequest, async (req, id, body) => (await workflow()).rejectReturn(req.payload, id, body.reason, staffActor(req))),
  staffStep('/record', staffRecordRequest, async (req, _id, body) => {
    const order = await orderByNumber(req, body.orderNumber)
    if (!order) return NO_ORDER
    return (await workflow()).cancelLines(req.payload, order, { lines: body.lines, reason: body.reason, returnMethod: body.returnMethod, statedBy: body.statedBy }, staffActor(req))
  }),
  staffStep('/fault', faultClaimRequest, async (req, _id, body) => {
    const order = await orderByNumber(req, body.orderNumber)
    if (!order) return NO_ORDER
    const { recordFaultClaim } = await import('./fault-claims.server')
    return recordFaultClaim(req.payload, order, { lineId: body.lineId, count: body.count, description: body.description }, staffActor(req))
  }),
]
