// POST /api/v1/customer/returns/choices: what a customer may cancel or return on their order (signed in as its
// owner, or a guest with its email address). Anyone else gets the same 404 as an order that does not exist.
import { cancellationChoices } from '../../../../../../features/returns/cancellation-choices.server'
import { ORDER_NOT_FOUND, orderForCustomer } from '../../../../../../features/returns/customer-cancel.server'
import { choicesRequest } from '../../../../../../features/returns/return-request-schema'
import { json, refuse } from '../../../../../../lib/http/respond'
import { endpoint } from '../../../../endpoint'
import { customerOrderRoute } from '../../../../route-kinds'

export const dynamic = 'force-dynamic'

export const POST = endpoint(
  customerOrderRoute(choicesRequest, 'Send the order number and, without an account, the email address it was placed with.', async (body, { payload, customerId }) => {
    const order = await orderForCustomer(payload, body.orderNumber, { customerId: await customerId(), email: body.email })
    if (!order) return refuse(404, 'not_found', ORDER_NOT_FOUND)
    return json(await cancellationChoices(payload, order))
  }),
)
