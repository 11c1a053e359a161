// POST /api/v1/customer/faults: a customer reports a fault on an item of a delivered order. The answer (and an
// email) says which right applies from the day of delivery: reject for a refund within 30 days, repair or
// replacement first after that. Signed in as the order's owner, or as a guest with the order's email address;
// anyone else gets 404. Counted with the cancellations (one rule for what opens a return).
import { customerFault } from '../../../../../features/returns/customer-cancel.server'
import { customerFaultRequest } from '../../../../../features/returns/return-request-schema'
import { endpoint } from '../../../endpoint'
import { openReturnRoute } from '../../../route-kinds'

export const dynamic = 'force-dynamic'

export const POST = endpoint(
  openReturnRoute(customerFaultRequest, 'Send the order number, the item (lineId and count) and what is wrong with it.', customerFault, 'not_reportable', (opened) => ({
    returnNumber: opened.returnNumber,
    remedy: opened.remedy.remedy,
    explanation: opened.explanation,
  })),
)
