// The dealer's own details: name, address, hours, phone and the FCA statements finance pages must show.
import type { Field, GlobalConfig } from 'payload'
import { DEFAULT_ON_THE_ROAD_RATES } from '../../domain/catalogue/on-the-road'
import { DEFAULT_EMAIL_COLOURS, validateEmailColour } from '../../domain/emails/email-brand'
import { DEFAULT_BROKER_STATEMENT, DEFAULT_COMMISSION_DISCLOSURE } from '../../domain/finance/disclosures'
import { anyone } from '../access/anyone'
import { staffOnly } from '../access/staff-only'
import { penceField } from '../fields/pence'
import { payLaterSettingsField } from './pay-later-settings'
import { cycleToWorkSettingsField } from './cycle-to-work-settings'
import { revalidateGlobalAfterChange } from '../hooks/revalidate-storefront'

/** One part of the on-the-road charge: whole pence, at most £1,000. Defaults: DEFAULT_ON_THE_ROAD_RATES. */
function onTheRoadPence(name: string, label: string, defaultValue: number): Field {
  return {
    name,
    label,
    type: 'number',
    required: true,
    defaultValue,
    min: 0,
    max: 100_000,
    admin: { step: 1 },
    validate: (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= 100_000 ? true : 'A whole number of pence from 0 to 100000'),
  }
}

export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  admin: { group: 'Settings' },
  access: { read: anyone, update: staffOnly },
  hooks: { afterChange: [revalidateGlobalAfterChange] },
  fields: [
    {
      name: 'seededAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', description: 'When the demo catalogue was created; the seed runs only while this is empty.' },
    },
    { name: 'dealerName', type: 'text', required: true, defaultValue: 'Wheelhouse', maxLength: 120 },
    { name: 'vatNumber', label: 'VAT registration number', type: 'text', maxLength: 20, admin: { description: 'Printed on every invoice and credit note (e.g. GB123456789).' }, validate: (v: unknown) => (v == null || v === '' || (typeof v === 'string' && /^(GB)?\s?\d{3}\s?\d{4}\s?\d{2}(\s?\d{3})?$/i.test(v.trim())) ? true : 'Write the VAT number as GB followed by 9 (or 12) digits') },
    {
      name: 'address',
      type: 'group',
      admin: { description: 'The shop’s address; also the pick-up location for collection orders.' },
      fields: [
        { name: 'line1', type: 'text', maxLength: 120 },
        { name: 'line2', type: 'text', maxLength: 120 },
        { name: 'town', type: 'text', maxLength: 80 },
        { name: 'county', type: 'text', maxLength: 80 },
        { name: 'postcode', type: 'text', maxLength: 10 },
        { name: 'country', type: 'text', defaultValue: 'GB', maxLength: 2 },
      ],
    },
    { type: 'row', fields: [{ name: 'phone', type: 'text', maxLength: 30 }, { name: 'email', type: 'email' }] },
    {
      name: 'openingHours',
      type: 'array',
      maxRows: 7,
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'day', type: 'select', required: true, options: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] },
            { name: 'opens', type: 'text', maxLength: 5, admin: { placeholder: '09:00' } },
            { name: 'closes', type: 'text', maxLength: 5, admin: { placeholder: '17:30' } },
            { name: 'closed', type: 'checkbox', defaultValue: false },
          ],
        },
      ],
    },
    {
      name: 'delivery',
      type: 'group',
      admin: { description: 'Home delivery by parcel (not for motorcycles and scooters: see ADR 004).' },
      fields: [
        penceField('flatRatePence', 'Home delivery flat rate', { required: true, defaultValue: 0, admin: { description: '0.00 shows as free delivery (spec §9).' } }, { rules: { maxPence: 100_000 } }),
        { name: 'pickupEnabled', label: 'Offer free collection from the shop', type: 'checkbox', defaultValue: true },
      ],
    },
    {
      name: 'onTheRoad',
      type: 'group',
      label: 'On-the-road charges (new motorcycles and scooters)',
      admin: {
        description:
          'The parts of a new bike’s on-the-road charge (its extra fee) paid to DVLA for the customer: outside the scope of VAT. The rest of the fee is pre-delivery inspection and plates, with VAT. Update every April when DVLA changes them (ADR 044). In pence.',
      },
      fields: [
        onTheRoadPence('registrationFeePence', 'DVLA first registration fee (pence)', DEFAULT_ON_THE_ROAD_RATES.registrationFeePence),
        {
          type: 'row',
          fields: [
            onTheRoadPence('vedUpTo150ccPence', 'Road tax, first year, up to 150cc and electric (pence)', DEFAULT_ON_THE_ROAD_RATES.vedBands[0]!.pence),
            onTheRoadPence('vedUpTo400ccPence', 'Road tax, 151–400cc (pence)', DEFAULT_ON_THE_ROAD_RATES.vedBands[1]!.pence),
            onTheRoadPence('vedUpTo600ccPence', 'Road tax, 401–600cc (pence)', DEFAULT_ON_THE_ROAD_RATES.vedBands[2]!.pence),
            onTheRoadPence('vedOver600ccPence', 'Road tax, over 600cc (pence)', DEFAULT_ON_THE_ROAD_RATES.vedBands[3]!.pence),
          ],
        },
      ],
    },
    {
      name: 'closures',
      label: 'Closed days (bank holidays, staff holidays)',
      type: 'array',
      maxRows: 200,
      admin: { description: 'No workshop drop-offs or test rides on these days.' },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'day', label: 'Day (YYYY-MM-DD)', type: 'text', required: true, maxLength: 10, validate: (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? true : 'Write the day as YYYY-MM-DD') },
            { name: 'reason', type: 'text', maxLength: 80 },
          ],
        },
      ],
    },
    {
      name: 'workshop',
      type: 'group',
      label: 'Workshop bookings',
      admin: { description: 'Daily capacity is mechanics × hours × productive share, in minutes; each service takes its workshop minutes.' },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'mechanics', type: 'number', required: true, defaultValue: 2, min: 0, max: 50 },
            { name: 'hoursPerMechanic', label: 'Hours per mechanic per day', type: 'number', required: true, defaultValue: 8, min: 0, max: 24 },
            { name: 'productivePercent', label: 'Productive share (%)', type: 'number', required: true, defaultValue: 80, min: 0, max: 100 },
          ],
        },
        { name: 'openDays', label: 'Drop-off days', type: 'select', hasMany: true, defaultValue: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], options: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] },
        {
          type: 'row',
          fields: [
            { name: 'leadDays', label: 'Notice needed (days)', type: 'number', required: true, defaultValue: 1, min: 0, max: 60 },
            { name: 'horizonDays', label: 'Bookable up to (days ahead)', type: 'number', required: true, defaultValue: 60, min: 1, max: 365 },
            { name: 'changeCutoffHours', label: 'Customers may cancel or move until (hours before the day)', type: 'number', required: true, defaultValue: 24, min: 0, max: 240 },
            { name: 'collectionDays', label: 'Days to collect a finished bike', type: 'number', required: true, defaultValue: 5, min: 1, max: 60 },
          ],
        },
        { name: 'dropOffTimes', type: 'text', maxLength: 120, defaultValue: 'between 8:30 and 10:00' },
        { name: 'whatToBring', type: 'textarea', maxLength: 1000, defaultValue: 'Your bike, clean enough to work on; keys for any locks; for e-bikes the charger and battery key. Tell us about any noises or faults.' },
        { name: 'terms', type: 'textarea', maxLength: 3000, defaultValue: 'We quote any extra work found on the bench and do it only with your approval, or within the limit you pre-authorise. Payment is due on collection. Bikes not collected within the collection period may be charged storage.' },
      ],
    },
    {
      name: 'testRides',
      type: 'group',
      label: 'Test rides',
      fields: [
        { name: 'openDays', label: 'Test ride days', type: 'select', hasMany: true, defaultValue: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], options: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] },
        {
          name: 'windows',
          label: 'Time windows',
          type: 'array',
          maxRows: 12,
          admin: { description: 'Start times (HH:MM, UK time); one rider per bike per window.' },
          fields: [{ type: 'row', fields: [
            { name: 'starts', type: 'text', required: true, maxLength: 5, validate: (v: unknown) => (typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? true : 'Write the time as HH:MM') },
            { name: 'minutes', type: 'number', required: true, defaultValue: 60, min: 15, max: 480 },
          ] }],
        },
        {
          type: 'row',
          fields: [
            { name: 'leadDays', label: 'Notice needed (days)', type: 'number', required: true, defaultValue: 1, min: 0, max: 60 },
            { name: 'horizonDays', label: 'Bookable up to (days ahead)', type: 'number', required: true, defaultValue: 30, min: 1, max: 365 },
            { name: 'changeCutoffHours', label: 'Customers may cancel until (hours before the day)', type: 'number', required: true, defaultValue: 2, min: 0, max: 240 },
          ],
        },
        { name: 'allowCbtOn125', label: 'Allow CBT-only riders on 125 cc learner bikes', type: 'checkbox', defaultValue: false },
        penceField('excessPence', 'Damage excess', { required: true, defaultValue: 50000, admin: { description: 'What a rider pays if the bike is damaged on a test ride.' } }, { rules: { maxPence: 10_000_000 } }),
        { name: 'terms', type: 'textarea', maxLength: 3000, defaultValue: 'Bring your photocard driving licence (and CBT certificate where needed) on the day: no licence, no ride. You ride at your own risk within the law, and you pay the damage excess shown if the bike is damaged while you ride it.' },
      ],
    },
    {
      name: 'reservations',
      type: 'group',
      label: 'Reservations',
      admin: { description: 'Customers reserve a bike online with a refundable deposit; the bike is held for them for the hours below after they pay.' },
      fields: [
        { name: 'enabled', label: 'Offer online reservations on bikes', type: 'checkbox', defaultValue: true },
        {
          type: 'row',
          fields: [
            penceField('depositPence', 'Deposit', { required: true, defaultValue: 9900, admin: { description: 'From 1.00 to 1,000.00. A bike may set its own (Reservation deposit).' } }, { rules: { minPence: 100, maxPence: 100_000 } }),
            {
              name: 'holdHours',
              label: 'Hold the bike for (hours)',
              type: 'number',
              required: true,
              defaultValue: 72,
              min: 1,
              max: 336,
              admin: { description: 'From payment; the deposit is refunded automatically when the hold ends without a sale.', step: 1 },
            },
          ],
        },
        { name: 'whatToBring', label: 'What to bring', type: 'textarea', maxLength: 1000, defaultValue: 'Your driving licence (photocard), proof of address dated within 3 months, and your reservation number. If you ride it away: your helmet, gloves and proof of insurance.' },
      ],
    },
    payLaterSettingsField,
    cycleToWorkSettingsField,
    {
      name: 'finance',
      type: 'group',
      label: 'Finance (FCA)',
      fields: [
        { name: 'fcaFirmReference', label: 'FCA firm reference number', type: 'text', maxLength: 12 },
        {
          name: 'brokerStatement',
          type: 'textarea',
          maxLength: 1000,
          defaultValue: DEFAULT_BROKER_STATEMENT,
          admin: { description: 'That the dealer is a credit broker, not a lender: stated on every finance screen and kept with every finance quote and application. Left empty, the default text is shown.' },
        },
        {
          name: 'commissionDisclosure',
          type: 'textarea',
          maxLength: 1000,
          defaultValue: DEFAULT_COMMISSION_DISCLOSURE,
          admin: { description: 'How the dealer is paid by lenders for introductions: stated on every finance screen and kept with every finance quote and application. Left empty, the default text is shown.' },
        },
        {
          name: 'applicationHoldHours',
          label: 'Hold a bike for a finance application (hours)',
          type: 'number',
          required: true,
          defaultValue: 72,
          min: 1,
          max: 720,
          admin: { description: 'An application not decided by then is cancelled and the bike goes back on sale. Extend one application on its order (Stock › Hold expires at).', step: 1 },
        },
      ],
    },
    {
      name: 'lowStockThreshold',
      label: 'Low stock at (units)',
      type: 'number',
      required: true,
      defaultValue: 2,
      min: 0,
      max: 10_000,
      admin: { step: 1, description: 'The admin dashboard lists a product on sale as low on stock when its units (all its sizes and colours together) are this many or fewer.' },
    },
    {
      name: 'emails',
      label: 'Customer emails',
      type: 'group',
      admin: { description: 'How the shop’s emails look. Preview every email in Admin › Email previews.' },
      fields: [
        { name: 'logo', type: 'upload', relationTo: 'media', admin: { description: 'A square PNG or JPEG, shown at 40 × 40 pixels (many mail programs show no SVG). The shop’s icon when empty.' } },
        {
          type: 'row',
          fields: [
            { name: 'headerColour', label: 'Header colour', type: 'text', maxLength: 7, validate: validateEmailColour, admin: { placeholder: DEFAULT_EMAIL_COLOURS.header, description: 'Behind the logo and dealer name, in white text: # and six hex digits.' } },
            { name: 'accentColour', label: 'Button colour', type: 'text', maxLength: 7, validate: validateEmailColour, admin: { placeholder: DEFAULT_EMAIL_COLOURS.accent, description: 'Buttons such as “View your order”, in white text.' } },
          ],
        },
      ],
    },
  ],
}
