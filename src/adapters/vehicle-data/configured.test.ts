import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from '../../config/env'
import { motHistoryFor, vehicleEnquiryFor } from './configured'

describe('vehicle sources chosen by the environment', () => {
  it('uses the built-in demo registrations unless the services’ credentials are set', () => {
    const plain = parseEnv({})
    expect(vehicleEnquiryFor(plain).name).toBe('built-in')
    expect(motHistoryFor(plain).name).toBe('built-in')
    const live = parseEnv({ DVLA_VES_API_KEY: 'k', MOT_HISTORY_API_KEY: 'm', MOT_HISTORY_CLIENT_ID: 'c', MOT_HISTORY_CLIENT_SECRET: 's', MOT_HISTORY_TOKEN_URL: 'https://login.example/t/oauth2/v2.0/token' })
    expect(vehicleEnquiryFor(live).name).toBe('dvla-ves')
    expect(motHistoryFor(live).name).toBe('dvsa-mot-history')
  })

  it('refuses an MOT history key without its OAuth client, naming what is missing', () => {
    expect(() => parseEnv({ MOT_HISTORY_API_KEY: 'm' })).toThrow(EnvError)
    expect(() => parseEnv({ MOT_HISTORY_API_KEY: 'm' })).toThrow(/MOT_HISTORY_CLIENT_ID/)
  })
})
