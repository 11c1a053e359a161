// What a customer's step calls once it is made: join it to their deal. The step has already committed, so a failure
// here never undoes it; the background pass opens any deal a step missed (openMissingDeals), so none is lost.
import 'server-only'
import type { Payload } from 'payload'
import { joinDeal, type DealStepInput, type JoinedDeal } from './deal-rows.server'

export async function joinDealQuietly(payload: Payload, input: DealStepInput): Promise<JoinedDeal | null> {
  try {
    return await joinDeal(payload, input)
  } catch (error) {
    payload.logger.error({ err: error, step: input.step, reference: input.reference }, 'joining a step to its deal failed; the background pass retries it')
    return null
  }
}
