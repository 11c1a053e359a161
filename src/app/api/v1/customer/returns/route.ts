// POST /api/v1/customer/returns: a customer cancels a whole order or chosen lines with a reason. Before dispatch the
// lines are cancelled and refunded at once; after delivery or collection, within 14 days, a return is opened and the
// answer (and an email) says how to send the goods back. Signed in as the order's owner, or as a guest with the
// order's email address; anyone else gets 404.
import { customerCancel } from '../../../../../features/returns/customer-cancel.server'
import { cancelLinesRequest } from '../../../../../features/returns/return-request-schema'
import { endpoint } from '../../../endpoint'
import { openReturnRoute } from '../../../route-kinds'

export const dynamic = 'force-dynamic'

export const POST = endpoint(
  openReturnRoute(cancelLinesRequest, 'Send the order number, the items to cancel (lineId and count) and a reason.', customerCancel, 'not_cancellable', (opened) => ({
    returnNumber: opened.returnNumber,
    mode: opened.mode,
    refundPence: opened.refundPence,
  })),
)
