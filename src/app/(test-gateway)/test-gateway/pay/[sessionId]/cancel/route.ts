// The customer leaves the gateway without paying: the shop hears a failure and the hold is released.
import { testGateway } from '../../../../../../features/payments/providers.server'
import { payloadClient } from '../../../../../../cms/payload-client.server'
import { readForm, seeOther } from '../form.server'
import { paths } from '../../../../../../config/paths'

export const dynamic = 'force-dynamic'

export async function POST(request: Request, { params }: { params: Promise<{ sessionId: string }> }): Promise<Response> {
  const { sessionId } = await params
  const form = await readForm(request)
  if (form instanceof Response) return form
  const payload = await payloadClient()
  const result = await testGateway(payload).cancel(sessionId)
  return seeOther(result.kind === 'done' ? result.redirectUrl : paths.testGatewayPay(sessionId))
}
