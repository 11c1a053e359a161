// Contract tests of the DVLA Vehicle Enquiry Service adapter against the service's documented request and answers
// (developer-portal.driver-vehicle-licensing.api.gov.uk): no network, a fake fetch answers as DVLA does.
import { describe, expect, it } from 'vitest'
import { dvlaVehicleEnquiry } from './dvla-vehicle-enquiry'
import { builtInVehicleEnquiry } from './built-in-vehicle-data'
import { fakeFetch, jsonAnswer } from './fake-fetch.test-helper'

// The documented example answer, for a motorcycle.
const DOCUMENTED = {
  registrationNumber: 'WN67DSO',
  taxStatus: 'Taxed',
  taxDueDate: '2027-01-01',
  artEndDate: '2007-12-25',
  motStatus: 'Valid',
  motExpiryDate: '2027-03-14',
  make: 'KAWASAKI',
  monthOfFirstDvlaRegistration: '2017-09',
  monthOfFirstRegistration: '2017-09',
  yearOfManufacture: 2017,
  engineCapacity: 649,
  co2Emissions: 102,
  fuelType: 'PETROL',
  markedForExport: false,
  colour: 'GREEN',
  typeApproval: 'L3',
  wheelplan: '2 WHEEL',
  revenueWeight: 0,
  euroStatus: 'EURO 4',
  dateOfLastV5CIssued: '2021-05-20',
}

describe('dvlaVehicleEnquiry', () => {
  it('posts the registration with the API key and reads the documented vehicle', async () => {
    const fake = fakeFetch(() => jsonAnswer(200, DOCUMENTED))
    const answer = await dvlaVehicleEnquiry({ apiKey: 'key-1', url: 'https://dvla.test/vehicles', fetch: fake.fetch }).vehicle('WN67DSO')
    expect(answer).toEqual({
      ok: true,
      vehicle: { registration: 'WN67DSO', make: 'KAWASAKI', colour: 'GREEN', engineCc: 649, yearOfManufacture: 2017, fuelType: 'PETROL', taxStatus: 'Taxed', taxDueDate: '2027-01-01', motStatus: 'Valid', motExpiryDate: '2027-03-14' },
    })
    expect(fake.seen[0]).toMatchObject({ url: 'https://dvla.test/vehicles', method: 'POST', body: JSON.stringify({ registrationNumber: 'WN67DSO' }) })
    expect(fake.seen[0]!.headers.get('x-api-key')).toBe('key-1')
    expect(fake.seen[0]!.headers.get('content-type')).toBe('application/json')
  })

  it('answers an unknown registration (404) with a sentence naming it', async () => {
    const fake = fakeFetch(() => jsonAnswer(404, { errors: [{ status: '404', code: '404', title: 'Vehicle Not Found', detail: 'Record for vehicle not found' }] }))
    const answer = await dvlaVehicleEnquiry({ apiKey: 'k', fetch: fake.fetch }).vehicle('AB12CDE')
    expect(answer).toMatchObject({ ok: false, reason: 'not-found', message: expect.stringContaining('AB12CDE') })
  })

  it('answers a malformed registration (400 ENQ103) as one DVLA does not accept', async () => {
    const fake = fakeFetch(() => jsonAnswer(400, { errors: [{ status: '400', code: 'ENQ103', title: 'Bad Request', detail: 'Invalid format for field - vehicle registration number' }] }))
    expect(await dvlaVehicleEnquiry({ apiKey: 'k', fetch: fake.fetch }).vehicle('A1')).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringContaining('does not accept') })
  })

  it('answers a rate limit (429), a server error and a timeout each with its own sentence', async () => {
    const limited = await dvlaVehicleEnquiry({ apiKey: 'k', fetch: fakeFetch(() => new Response('Too Many Requests', { status: 429 })).fetch }).vehicle('AB12CDE')
    expect(limited).toMatchObject({ ok: false, reason: 'rate-limited', message: expect.stringContaining('too many lookups') })
    const broken = await dvlaVehicleEnquiry({ apiKey: 'k', fetch: fakeFetch(() => jsonAnswer(503, { errors: [{ status: '503', title: 'Service Unavailable' }] })).fetch }).vehicle('AB12CDE')
    expect(broken).toMatchObject({ ok: false, reason: 'unavailable', message: expect.stringContaining('could not be reached') })
    const slow = await dvlaVehicleEnquiry({ apiKey: 'k', timeoutMs: 50, fetch: fakeFetch(() => 'hang').fetch }).vehicle('AB12CDE')
    expect(slow).toMatchObject({ ok: false, reason: 'unavailable', message: expect.stringContaining('did not answer in time') })
  })

  it('refuses an answer that is not a vehicle, and ignores fields of the wrong type', async () => {
    const html = await dvlaVehicleEnquiry({ apiKey: 'k', fetch: fakeFetch(() => new Response('<html>', { status: 200 })).fetch }).vehicle('AB12CDE')
    expect(html).toMatchObject({ ok: false, reason: 'unavailable' })
    const odd = await dvlaVehicleEnquiry({ apiKey: 'k', fetch: fakeFetch(() => jsonAnswer(200, { make: 'BMW', engineCapacity: '999', taxDueDate: 'soon' })).fetch }).vehicle('AB12CDE')
    expect(odd).toMatchObject({ ok: true, vehicle: { make: 'BMW', engineCc: null, taxDueDate: null } })
  })
})

describe('builtInVehicleEnquiry', () => {
  it('knows the demo registrations and answers any other as unknown', async () => {
    expect(await builtInVehicleEnquiry().vehicle('WH19MOT')).toMatchObject({ ok: true, vehicle: { make: 'HONDA', engineCc: 471, yearOfManufacture: 2019, motStatus: 'Valid' } })
    expect(await builtInVehicleEnquiry().vehicle('AB12CDE')).toMatchObject({ ok: false, reason: 'not-found', message: expect.stringContaining('AB12CDE') })
  })
})
