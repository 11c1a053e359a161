// The products hooks of used bikes and e-bikes: a bike is not published while its history check shows outstanding
// finance or a stolen marker, nor while its MOT history shows a lower mileage staff have not looked into; an
// e-bike's EAPC verdict is stored from its facts so listings and the Merchant feed can filter on it.
import { ValidationError, type CollectionBeforeChangeHook } from 'payload'
import { isOnSale } from '../../domain/catalogue/on-sale'
import { derivedProductFields } from '../../domain/catalogue/derived-product-fields'
import { publicationProblems, type HistoryCheck } from '../../domain/vehicles/history-check'
import { mileageDrops } from '../../domain/vehicles/mileage'
import { motTestsOf } from './mot-tests'
import { numberText } from '../../lib/text/number-text'

type Doc = Record<string, unknown> | null | undefined
const groupOf = (doc: Doc, name: string): Record<string, unknown> => {
  const value = doc?.[name]
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
}
/** A field as it will be saved: the incoming value when the change carries it, else the stored one. */
function merged(data: Doc, original: Doc, path: readonly string[]): unknown {
  const read = (doc: Doc) => path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), doc)
  const incoming = read(data)
  return incoming !== undefined ? incoming : read(original)
}

/** Why a product as it will be saved may not be on sale: its history check, then its MOT mileage. */
export function usedBikePublicationProblems(data: Doc, original: Doc): { path: string; message: string }[] {
  if (!isOnSale(merged(data, original, ['status']) as string)) return []
  const check: HistoryCheck = {
    outstandingFinance: merged(data, original, ['usedBike', 'historyCheck', 'outstandingFinance']) as boolean | null,
    stolen: merged(data, original, ['usedBike', 'historyCheck', 'stolen']) as boolean | null,
  }
  const problems = publicationProblems(check).map((message) => ({ path: check.outstandingFinance && message.includes('finance') ? 'usedBike.historyCheck.outstandingFinance' : 'usedBike.historyCheck.stolen', message }))
  const drops = mileageDrops(motTestsOf(merged(data, original, ['usedBike', 'motTests'])))
  if (drops.length > 0 && merged(data, original, ['usedBike', 'mileageChecked']) !== true) {
    const d = drops[0]!
    problems.push({
      path: 'usedBike.mileageChecked',
      message: `The MOT history shows ${numberText(d.miles)} miles on ${d.date}, lower than ${numberText(d.earlierMiles)} on ${d.earlierDate}. Look into it and tick “I have looked into the lower MOT mileage reading” before publishing.`,
    })
  }
  return problems
}

export const refuseUnpublishableUsedBike: CollectionBeforeChangeHook = ({ data, originalDoc, req, collection }) => {
  const problems = usedBikePublicationProblems(data, originalDoc)
  if (problems.length > 0) throw new ValidationError({ collection: collection.slug, errors: problems, req }, req.t)
  return data
}

export const setEapcVerdict: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const kind = merged(data, originalDoc, ['kind'])
  const ebike = { ...groupOf(originalDoc, 'ebike'), ...groupOf(data, 'ebike') }
  const { eapc } = derivedProductFields({ kind: kind as string | null, ebike: { hasPedals: ebike.hasPedals as boolean | null, motorPowerW: ebike.motorPowerW as number | null, assistedSpeedMph: ebike.assistedSpeedMph as number | null } })
  data.ebike = { ...groupOf(data, 'ebike'), eapc }
  return data
}
