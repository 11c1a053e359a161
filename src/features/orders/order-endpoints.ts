// The admin order page's endpoints on the orders collection (their bodies and answers: order-staff-contract.ts; the
// part refund is the refunds collection's, features/returns). Staff only: everyone else gets 403 before the body is read. The work is loaded on first use: the Payload config
// imports this file outside Next too (its CLI), where server-only modules may not be.
import type { Endpoint } from 'payload'
import { staffEndpoint } from '../../cms/endpoints/staff-endpoint'
import { certificateStepRequest, statusMoveRequest } from './order-staff-contract'

const actions = () => import('./order-staff-actions.server')

export const orderEndpoints: Endpoint[] = [
  staffEndpoint({ path: '/:id/staff-view', method: 'get', schema: null, record: 'an order', run: async (req, id) => (await actions()).orderStaffView(req, id) }),
  staffEndpoint({ path: '/:id/status', schema: statusMoveRequest, record: 'an order', run: async (req, id, body) => (await actions()).moveOrderStatus(req, id, body) }),
  staffEndpoint({ path: '/:id/certificate', schema: certificateStepRequest, record: 'an order', run: async (req, id, body) => (await actions()).decideCertificate(req, id, body) }),
]
