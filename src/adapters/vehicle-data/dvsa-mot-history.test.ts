// Contract tests of the DVSA MOT history adapter against the API's documented request and answers
// (documentation.history.mot.api.gov.uk): no network, a fake fetch answers as the token endpoint and DVSA do.
import { describe, expect, it } from 'vitest'
import { dvsaMotHistory } from './dvsa-mot-history'
import { builtInMotHistory } from './built-in-vehicle-data'
import { fakeFetch, jsonAnswer, type SeenRequest } from './fake-fetch.test-helper'

const DOCUMENTED = {
  registration: 'WN67DSO',
  make: 'KAWASAKI',
  model: 'Z650',
  firstUsedDate: '2017-09-01',
  fuelType: 'Petrol',
  primaryColour: 'Green',
  registrationDate: '2017-09-01',
  manufactureDate: '2017-09-01',
  engineSize: '649',
  hasOutstandingRecall: 'Unknown',
  motTests: [
    {
      completedDate: '2025-08-30T10:21:05.000Z',
      testResult: 'PASSED',
      expiryDate: '2026-08-29',
      odometerValue: '21004',
      odometerUnit: 'MI',
      odometerResultType: 'READ',
      motTestNumber: '123456789012',
      dataSource: 'DVSA',
      defects: [{ text: 'Front tyre worn close to legal limit', type: 'ADVISORY', dangerous: false }],
    },
    { completedDate: '2024-08-28T09:00:00.000Z', testResult: 'FAILED', odometerValue: '25000', odometerUnit: 'KM', odometerResultType: 'READ', motTestNumber: '2', defects: [{ text: 'Brake lamp inoperative', type: 'MAJOR', dangerous: false }] },
    { completedDate: '2023-08-28T09:00:00.000Z', testResult: 'PASSED', expiryDate: '2024-08-27', odometerValue: '0', odometerUnit: 'MI', odometerResultType: 'UNREADABLE', motTestNumber: '3' },
  ],
}

const TOKEN = { token_type: 'Bearer', expires_in: 3599, access_token: 'tok-1' }
const options = { apiKey: 'api-1', clientId: 'client', clientSecret: 'secret', tokenUrl: 'https://login.test/tenant/oauth2/v2.0/token', url: 'https://mot.test' }

function dvsa(answer: (request: SeenRequest) => Response | 'hang') {
  return fakeFetch((request) => (request.url.startsWith('https://login.test') ? jsonAnswer(200, TOKEN) : answer(request)))
}

describe('dvsaMotHistory', () => {
  it('takes a client-credentials token once, sends it with the API key and reads each test', async () => {
    const fake = dvsa(() => jsonAnswer(200, DOCUMENTED))
    const source = dvsaMotHistory({ ...options, fetch: fake.fetch })
    const answer = await source.history('WN67DSO')
    expect(answer).toEqual({
      ok: true,
      history: {
        registration: 'WN67DSO',
        tests: [
          { date: '2025-08-30', result: 'PASSED', odometerMiles: 21004, expiryDate: '2026-08-29', defects: [{ type: 'ADVISORY', text: 'Front tyre worn close to legal limit' }] },
          { date: '2024-08-28', result: 'FAILED', odometerMiles: 15534, expiryDate: null, defects: [{ type: 'MAJOR', text: 'Brake lamp inoperative' }] },
          { date: '2023-08-28', result: 'PASSED', odometerMiles: null, expiryDate: '2024-08-27', defects: [] },
        ],
      },
    })
    await source.history('WN67DSO')
    const [token, first, second] = fake.seen
    expect(token!.body).toContain('grant_type=client_credentials')
    expect(token!.body).toContain(`scope=${encodeURIComponent('https://tapi.dvsa.gov.uk/.default')}`)
    expect(first).toMatchObject({ method: 'GET', url: 'https://mot.test/v1/trade/vehicles/registration/WN67DSO' })
    expect(first!.headers.get('authorization')).toBe('Bearer tok-1')
    expect(first!.headers.get('x-api-key')).toBe('api-1')
    expect(second!.url).toBe(first!.url)
    expect(fake.seen).toHaveLength(3)
  })

  it('reads a vehicle too new for a test as an empty history', async () => {
    const { motTests: _none, ...young } = DOCUMENTED
    expect(await dvsaMotHistory({ ...options, fetch: dvsa(() => jsonAnswer(200, { ...young, motTestDueDate: '2027-09-01' })).fetch }).history('WN67DSO')).toEqual({ ok: true, history: { registration: 'WN67DSO', tests: [] } })
  })

  it('answers an unknown registration, a rate limit and a timeout each with its own sentence', async () => {
    const unknown = await dvsaMotHistory({ ...options, fetch: dvsa(() => jsonAnswer(404, { errorCode: 'MOTH-NP-01', errorMessage: 'No data found that matches requested criteria', requestId: 'r' })).fetch }).history('AB12CDE')
    expect(unknown).toMatchObject({ ok: false, reason: 'not-found', message: expect.stringContaining('AB12CDE') })
    const limited = await dvsaMotHistory({ ...options, fetch: dvsa(() => jsonAnswer(429, { errorCode: 'MOTH-RL-01', errorMessage: 'Too many requests' })).fetch }).history('AB12CDE')
    expect(limited).toMatchObject({ ok: false, reason: 'rate-limited', message: expect.stringContaining('too many lookups') })
    const slow = await dvsaMotHistory({ ...options, timeoutMs: 50, fetch: dvsa(() => 'hang').fetch }).history('AB12CDE')
    expect(slow).toMatchObject({ ok: false, reason: 'unavailable', message: expect.stringContaining('did not answer in time') })
  })

  it('treats a refused token or a broken answer as the service being unavailable', async () => {
    const refused = fakeFetch(() => jsonAnswer(401, { error: 'invalid_client' }))
    expect(await dvsaMotHistory({ ...options, fetch: refused.fetch }).history('AB12CDE')).toMatchObject({ ok: false, reason: 'unavailable' })
    expect(await dvsaMotHistory({ ...options, fetch: dvsa(() => new Response('<html>', { status: 200 })).fetch }).history('AB12CDE')).toMatchObject({ ok: false, reason: 'unavailable' })
    expect(await dvsaMotHistory({ ...options, fetch: dvsa(() => jsonAnswer(200, { motTests: 'none' })).fetch }).history('AB12CDE')).toMatchObject({ ok: false, reason: 'unavailable' })
  })
})

describe('builtInMotHistory', () => {
  it('has the demo bikes’ tests and no others', async () => {
    const answer = await builtInMotHistory().history('WH19MOT')
    expect(answer.ok && answer.history.tests[0]).toMatchObject({ date: '2026-03-15', result: 'PASSED', odometerMiles: 18_420 })
    expect(await builtInMotHistory().history('AB12CDE')).toMatchObject({ ok: false, reason: 'not-found' })
  })
})
