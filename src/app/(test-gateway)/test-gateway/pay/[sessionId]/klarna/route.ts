// The test gateway's Klarna sign-in arrives here: Klarna approves or declines Pay in 3 for the account.
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
  const result = await testGateway(payload).submitKlarna(sessionId, (form.get('email') ?? '').toString().slice(0, 300))
  const page = paths.testGatewayPay(sessionId)
  if (result.kind === 'error') return seeOther(`${page}?error=klarna`)
  return seeOther(result.kind === 'done' ? result.redirectUrl : page)
}
