// HTTP basic auth for the finance order calls (spec §7 calls 5-6): the storefront's service credentials, from the
// environment or generated once (namedSecret); never sent to a browser.
import { timingSafeEqual, createHash } from 'node:crypto'
import { env } from '../../../config/env'
import { namedSecret } from '../../../config/secrets.server'
import { codeForStatus, refuse } from '../../../lib/http/respond'

export function financeServiceCredentials(): { username: string; password: string } {
  const e = env()
  return { username: e.FINANCE_SERVICE_USERNAME, password: namedSecret('financeServicePassword', e.FINANCE_SERVICE_PASSWORD) }
}

function same(a: string, b: string): boolean {
  // Hash first so the comparison takes the same time whatever the lengths.
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest())
}

/** null when the request carries the service credentials; otherwise the 401 to answer. */
export function refuseUnlessService(request: Request, expected = financeServiceCredentials()): Response | null {
  const header = request.headers.get('authorization') ?? ''
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,512})$/i.exec(header.trim())
  let user = ''
  let pass = ''
  if (match?.[1]) {
    const decoded = Buffer.from(match[1], 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon >= 0) {
      user = decoded.slice(0, colon)
      pass = decoded.slice(colon + 1)
    }
  }
  const userOk = same(user, expected.username)
  const passOk = same(pass, expected.password)
  if (match && userOk && passOk) return null
  return refuse(401, codeForStatus(401), 'Finance service credentials are required.', {}, { 'www-authenticate': 'Basic realm="Wheelhouse finance orders", charset="UTF-8"' })
}
