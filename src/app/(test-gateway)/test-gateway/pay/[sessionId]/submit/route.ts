// The card form arrives here, and only here: the card number is checked and dropped, never stored or logged.
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
  const field = (name: string) => (form.get(name) ?? '').toString().slice(0, 200)
  const result = await testGateway(payload).submitCard(sessionId, { number: field('number'), expiry: field('expiry'), cvc: field('cvc'), name: field('name') })
  const page = paths.testGatewayPay(sessionId)
  switch (result.kind) {
    case 'errors':
      return seeOther(`${page}?${Object.keys(result.errors).map((k) => `error=${k}`).join('&')}`)
    case 'challenge':
      return seeOther(`${page}?c=${result.challenge}`)
    case 'done':
      return seeOther(result.redirectUrl)
    case 'gone':
      return seeOther(page)
  }
}
