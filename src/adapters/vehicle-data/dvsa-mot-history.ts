// The DVSA MOT history API over HTTP: GET {MOT_HISTORY_URL}/v1/trade/vehicles/registration/{registration} with an
// OAuth 2 bearer token (client credentials from MOT_HISTORY_TOKEN_URL, kept until shortly before it expires) and the
// X-API-Key header. The documented answer lists motTests, each with completedDate, testResult (PASSED/FAILED),
// expiryDate, odometerValue (text), odometerUnit (MI/KM), odometerResultType (READ/UNREADABLE/NO_ODOMETER) and
// defects [{ text, type }]. A vehicle too new for a test has no motTests. 404 unknown, 429 rate limit.
import { DVSA, fetchFailure, statusFailure, type MotDefectType, type MotHistoryAnswer, type MotHistorySource, type MotTest } from './vehicle-data-source'

export const MOT_HISTORY_LIVE_URL = 'https://history.mot.api.gov.uk'
export const MOT_HISTORY_SCOPE = 'https://tapi.dvsa.gov.uk/.default'
const KM_PER_MILE = 1.609344
const DEFECT_TYPES: readonly MotDefectType[] = ['ADVISORY', 'MINOR', 'MAJOR', 'DANGEROUS', 'FAIL', 'PRS', 'USER ENTERED']
/** At most this many tests and defects per test are kept: a bike's whole life fits well within them. */
const MAX_TESTS = 60
const MAX_DEFECTS = 30

export interface DvsaMotHistoryOptions {
  readonly apiKey: string
  readonly clientId: string
  readonly clientSecret: string
  readonly tokenUrl: string
  readonly scope?: string
  readonly url?: string
  readonly timeoutMs?: number
  readonly fetch?: typeof fetch
  readonly now?: () => number
}

function motTestFrom(raw: unknown): MotTest | null {
  if (!raw || typeof raw !== 'object') return null
  const t = raw as Record<string, unknown>
  const completed = typeof t.completedDate === 'string' ? t.completedDate.slice(0, 10) : ''
  if (!/^\d{4}-\d{2}-\d{2}$/.test(completed) || (t.testResult !== 'PASSED' && t.testResult !== 'FAILED')) return null
  const value = typeof t.odometerValue === 'string' || typeof t.odometerValue === 'number' ? Number(t.odometerValue) : NaN
  const read = t.odometerResultType === undefined || t.odometerResultType === 'READ'
  const miles = read && Number.isFinite(value) && value >= 0 && value <= 10_000_000 ? Math.round(t.odometerUnit === 'KM' ? value / KM_PER_MILE : value) : null
  const defects = Array.isArray(t.defects) ? t.defects : []
  return {
    date: completed,
    result: t.testResult,
    odometerMiles: miles,
    expiryDate: typeof t.expiryDate === 'string' && /^\d{4}-\d{2}-\d{2}/.test(t.expiryDate) ? t.expiryDate.slice(0, 10) : null,
    defects: defects.slice(0, MAX_DEFECTS).flatMap((d: unknown) => {
      const defect = (d ?? {}) as Record<string, unknown>
      const type = DEFECT_TYPES.find((x) => x === defect.type)
      return type && typeof defect.text === 'string' && defect.text.trim() !== '' ? [{ type, text: defect.text.trim().slice(0, 500) }] : []
    }),
  }
}

/** The documented answer read defensively; null when it is not a vehicle's history at all. */
export function motHistoryFromDvsa(registration: string, body: unknown): MotTest[] | null {
  if (!body || typeof body !== 'object' || typeof (body as { registration?: unknown }).registration !== 'string') return null
  const tests = (body as { motTests?: unknown }).motTests
  if (tests === undefined) return []
  if (!Array.isArray(tests)) return null
  return tests.slice(0, MAX_TESTS).flatMap((t) => motTestFrom(t) ?? [])
}

export function dvsaMotHistory(options: DvsaMotHistoryOptions): MotHistorySource {
  const doFetch = options.fetch ?? fetch
  const now = options.now ?? Date.now
  let token: { value: string; until: number } | null = null
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 8_000)

  async function accessToken(): Promise<string | Response> {
    if (token && token.until > now()) return token.value
    const response = await doFetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: options.clientId, client_secret: options.clientSecret, scope: options.scope ?? MOT_HISTORY_SCOPE }).toString(),
      signal: timeout(),
    })
    if (!response.ok) return response
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown }
    if (typeof body.access_token !== 'string') return new Response(null, { status: 502 })
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300
    token = { value: body.access_token, until: now() + Math.max(0, seconds - 60) * 1000 }
    return token.value
  }

  return {
    name: 'dvsa-mot-history',
    async history(registration): Promise<MotHistoryAnswer> {
      let response: Response
      try {
        const bearer = await accessToken()
        // A refused token is the shop's configuration, not the registration: the service is unavailable to it.
        if (bearer instanceof Response) return { ...statusFailure(DVSA, bearer.status === 429 ? 429 : 502, registration), detail: `token endpoint answered ${bearer.status}` }
        response = await doFetch(`${(options.url ?? MOT_HISTORY_LIVE_URL).replace(/\/$/, '')}/v1/trade/vehicles/registration/${encodeURIComponent(registration)}`, {
          headers: { accept: 'application/json', authorization: `Bearer ${bearer}`, 'x-api-key': options.apiKey },
          signal: timeout(),
        })
        if (response.status === 401) token = null
        if (!response.ok) return statusFailure(DVSA, response.status, registration)
        const tests = motHistoryFromDvsa(registration, await response.json())
        if (!tests) return { ...statusFailure(DVSA, 502, registration), detail: 'answered something that is not an MOT history' }
        return { ok: true, history: { registration, tests } }
      } catch (error) {
        return fetchFailure(DVSA, error)
      }
    },
  }
}
