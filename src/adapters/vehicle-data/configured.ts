// Which vehicle sources the shop uses, from its environment: the built-in demo registrations unless the services'
// credentials are set (ADR 060), as valuations follow VALUATION_URL.
import type { ServerEnv } from '../../config/env'
import { builtInMotHistory, builtInVehicleEnquiry } from './built-in-vehicle-data'
import { dvlaVehicleEnquiry } from './dvla-vehicle-enquiry'
import { dvsaMotHistory } from './dvsa-mot-history'
import type { MotHistorySource, VehicleEnquirySource } from './vehicle-data-source'

type VehicleEnv = Pick<ServerEnv, 'DVLA_VES_API_KEY' | 'DVLA_VES_URL' | 'MOT_HISTORY_API_KEY' | 'MOT_HISTORY_CLIENT_ID' | 'MOT_HISTORY_CLIENT_SECRET' | 'MOT_HISTORY_TOKEN_URL' | 'MOT_HISTORY_URL'>

export function vehicleEnquiryFor(e: VehicleEnv): VehicleEnquirySource {
  return e.DVLA_VES_API_KEY ? dvlaVehicleEnquiry({ apiKey: e.DVLA_VES_API_KEY, url: e.DVLA_VES_URL }) : builtInVehicleEnquiry()
}

/** One per process, so the OAuth token is reused between lookups. */
let motSource: { key: string; source: MotHistorySource } | undefined

export function motHistoryFor(e: VehicleEnv): MotHistorySource {
  if (!e.MOT_HISTORY_API_KEY || !e.MOT_HISTORY_CLIENT_ID || !e.MOT_HISTORY_CLIENT_SECRET || !e.MOT_HISTORY_TOKEN_URL) return builtInMotHistory()
  const key = [e.MOT_HISTORY_API_KEY, e.MOT_HISTORY_CLIENT_ID, e.MOT_HISTORY_TOKEN_URL, e.MOT_HISTORY_URL].join('|')
  if (motSource?.key !== key) {
    motSource = { key, source: dvsaMotHistory({ apiKey: e.MOT_HISTORY_API_KEY, clientId: e.MOT_HISTORY_CLIENT_ID, clientSecret: e.MOT_HISTORY_CLIENT_SECRET, tokenUrl: e.MOT_HISTORY_TOKEN_URL, url: e.MOT_HISTORY_URL }) }
  }
  return motSource.source
}
