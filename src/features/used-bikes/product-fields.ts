// A product's used-bike and e-bike fields, kept in their own groups so they merge cleanly beside other work on
// products: what DVLA and the DVSA MOT history say about the bike (filled by the admin's registration lookup), the
// history check staff record, and an e-bike's motor power and assisted speed with its EAPC verdict.
import { JSON_VIEW } from '../../cms/fields/json-view'
import type { CollectionConfig, Field } from 'payload'
import { WRITE_OFF_CATEGORIES, WRITE_OFF_WORDS } from '../../domain/vehicles/history-check'
import { EAPC_MAX_ASSISTED_MPH, EAPC_MAX_POWER_W } from '../../domain/vehicles/eapc'
import { motTestsProblem } from './mot-tests'
import { numberText } from '../../lib/text/number-text'

const ISO_DAY = { date: { pickerAppearance: 'dayOnly' as const, displayFormat: 'd MMM yyyy' } }
const text = (name: string, label: string, max = 40): Field => ({ name, label, type: 'text', maxLength: max })

/**
 * A measured number between min and max, or empty. Its own check: Payload's number field let text through the REST
 * API as no number at all, which cleared an e-bike's power (and its EAPC verdict) instead of refusing the save.
 */
const measure = (name: string, label: string, unit: string, min: number, max: number, admin: Record<string, unknown> = {}): Field => ({
  name,
  label,
  type: 'number',
  min,
  max,
  admin,
  validate: (value: unknown) => {
    if (value === null || value === undefined) return true
    if (typeof value !== 'number' || !Number.isFinite(value)) return `${label}: enter a number of ${unit}.`
    return value < min || value > max ? `${label}: enter from ${numberText(min)} to ${numberText(max)} ${unit}.` : true
  },
})

export const usedBikeFields: Field = {
  name: 'usedBike',
  label: 'Used bike: road record and history check',
  type: 'group',
  admin: {
    description: 'Type the registration under Vehicle details and press “Look up registration”: DVLA’s record and the MOT history fill in. The history check is yours to record.',
    condition: (data) => data?.condition === 'used',
  },
  fields: [
    { name: 'lookup', type: 'ui', admin: { components: { Field: '/features/used-bikes/admin/registration-lookup#RegistrationLookup' } } },
    { type: 'row', fields: [text('make', 'Make (DVLA)', 60), text('colour', 'Colour (DVLA)'), text('fuelType', 'Fuel (DVLA)'), measure('yearOfManufacture', 'Year of manufacture', 'years AD', 1885, 2100)] },
    {
      type: 'row',
      fields: [
        text('taxStatus', 'Tax status'),
        { name: 'taxDueDate', label: 'Tax due', type: 'date', admin: ISO_DAY },
        text('motStatus', 'MOT status'),
        { name: 'motExpiryDate', label: 'MOT expires', type: 'date', admin: ISO_DAY },
      ],
    },
    { name: 'lookedUpAt', label: 'Looked up', type: 'date', admin: { readOnly: true, description: 'When DVLA and the MOT history were last read.' } },
    {
      name: 'motTests',
      label: 'MOT history',
      type: 'json',
      validate: (value: unknown) => motTestsProblem(value),
      admin: { readOnly: true, description: 'Filled by the lookup: each test’s date, result, odometer reading and advisories, shown on the product page.', components: JSON_VIEW },
    },
    {
      name: 'mileageChecked',
      label: 'I have looked into the lower MOT mileage reading',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'Needed to publish a bike whose MOT history shows a reading lower than an earlier one (a changed or wound-back odometer).' },
    },
    {
      name: 'historyCheck',
      label: 'Vehicle history check',
      type: 'group',
      admin: { description: 'Outstanding finance or a stolen marker: the bike cannot be published. A write-off category is shown on its page and every listing.' },
      fields: [
        { type: 'row', fields: [text('provider', 'Provider (HPI, Experian …)', 60), { name: 'checkedOn', label: 'Checked on', type: 'date', admin: ISO_DAY }] },
        {
          type: 'row',
          fields: [
            { name: 'outstandingFinance', label: 'Outstanding finance', type: 'checkbox', defaultValue: false },
            { name: 'stolen', label: 'Stolen marker', type: 'checkbox', defaultValue: false },
            {
              name: 'writeOffCategory',
              label: 'Write-off category',
              type: 'select',
              enumName: 'enum_products_write_off_category',
              options: WRITE_OFF_CATEGORIES.map((c) => ({ label: WRITE_OFF_WORDS[c].long, value: c })),
              admin: { description: 'Empty when it was never written off.' },
            },
          ],
        },
      ],
    },
  ],
}

export const ebikeFields: Field = {
  name: 'ebike',
  label: 'E-bike and the law',
  type: 'group',
  admin: {
    description: `An e-bike is a bicycle in Great Britain only with pedals, at most ${EAPC_MAX_POWER_W} W continuous and assistance to ${EAPC_MAX_ASSISTED_MPH} mph; anything else is sold as a motor vehicle and kept out of the bicycle listings and the Merchant feed.`,
    condition: (data) => data?.kind === 'e-bike',
  },
  fields: [
    {
      type: 'row',
      fields: [
        measure('motorPowerW', 'Motor power, continuous (W)', 'watts', 1, 20_000),
        measure('assistedSpeedMph', 'Assisted top speed (mph)', 'mph', 1, 100, { step: 0.1 }),
        { name: 'hasPedals', label: 'Pedals propel it', type: 'checkbox', defaultValue: true },
      ],
    },
    { name: 'eapc', label: 'Meets the EAPC rules', type: 'checkbox', index: true, admin: { readOnly: true, description: 'Set on save from the three facts above; empty until power and speed are recorded.' } },
  ],
}

/**
 * The products collection with these groups after its vehicle details and their hooks after its own (which set the
 * kind they read); assembled in src/payload.config.ts, as the cms layer imports no feature.
 */
export function withUsedBikeFields(collection: CollectionConfig, hooks: NonNullable<NonNullable<CollectionConfig['hooks']>['beforeChange']>): CollectionConfig {
  const at = collection.fields.findIndex((f) => 'name' in f && f.name === 'vehicle')
  const fields = [...collection.fields]
  fields.splice(at === -1 ? fields.length : at + 1, 0, usedBikeFields, ebikeFields)
  return { ...collection, fields, hooks: { ...collection.hooks, beforeChange: [...(collection.hooks?.beforeChange ?? []), ...hooks] } }
}
