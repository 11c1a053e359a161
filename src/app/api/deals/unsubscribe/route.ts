// POST /api/deals/unsubscribe?token=…: stops a deal's emails with the link from its reminder. Mail clients post here
// themselves (RFC 8058 one-click: List-Unsubscribe-Post); the page's own button posts a form and is sent back to
// the page. Nothing but the signed token is read, so any body is accepted and ignored.
import { paths } from '../../../../config/paths'
import { unsubscribeByToken } from '../../../../features/deals/unsubscribe.server'
import { json, refuse } from '../../../../lib/http/respond'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  handle: async (_input, { payload, request }) => {
    const url = new URL(request.url)
    const token = url.searchParams.get('token') ?? ''
    const ok = token.length > 0 && token.length <= 2048 && (await unsubscribeByToken(payload, token))
    if (url.searchParams.get('from') === 'page') {
      return new Response(null, { status: 303, headers: { Location: `${paths.dealUnsubscribe(token)}&${ok ? 'done=1' : 'invalid=1'}`, 'Cache-Control': 'no-store' } })
    }
    if (!ok) return refuse(404, 'not_found', 'This unsubscribe link is not valid.')
    return json({ unsubscribed: true })
  },
})
