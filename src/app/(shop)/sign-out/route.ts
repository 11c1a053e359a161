// POST /sign-out: ends this browser's session and sends it to /logout with a 303, as a full page load. A server
// action's redirect instead swapped the page in place and then refreshed it (its cookie changed), so for a moment
// the new page had its heading but no <title> yet: what the e2e sign-out test tripped over under load.
import { endSession, isSameOriginRequest } from '../../../features/account/session.server'

export const dynamic = 'force-dynamic'

export async function POST(): Promise<Response> {
  // A cross-site form cannot sign anyone out (CSRF); it lands on /logout, which offers the button.
  if (await isSameOriginRequest()) await endSession()
  // A relative Location: request.url names the interface Next listens on (0.0.0.0), not the address the browser used.
  return new Response(null, { status: 303, headers: { Location: '/logout', 'Cache-Control': 'no-store' } })
}
