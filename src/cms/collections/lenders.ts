// The finance panel staff edit (spec §9): each lender's products, term and deposit limits, APR bands and PCP residual values.
import type { CollectionConfig } from 'payload'
import { anyone } from '../access/anyone'
import { staffOnly } from '../access/staff-only'
import { penceField } from '../fields/pence'

const whole = (min: number, max: number) => ({ type: 'number' as const, required: true, min, max })

export const Lenders: CollectionConfig = {
  slug: 'lenders',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'funderCode', 'products', 'active'], group: 'Finance' },
  // Rates are public information (they appear in every quote); only staff change them.
  access: { read: anyone, create: staffOnly, update: staffOnly, delete: staffOnly },
  defaultSort: 'position',
  fields: [
    { type: 'row', fields: [
      { name: 'name', type: 'text', required: true, maxLength: 120 },
      { name: 'funderCode', type: 'text', required: true, unique: true, index: true, maxLength: 20 },
      { name: 'position', type: 'number', defaultValue: 0 },
    ] },
    { name: 'active', type: 'checkbox', defaultValue: true, admin: { description: 'Inactive lenders are left out of every quote.' } },
    {
      name: 'products',
      type: 'select',
      hasMany: true,
      required: true,
      options: [
        { label: 'Hire purchase (HP)', value: 'HP' },
        { label: 'Personal contract purchase (PCP)', value: 'PCP' },
      ],
    },
    { type: 'row', fields: [
      { name: 'minTermMonths', ...whole(6, 120), defaultValue: 12 },
      { name: 'maxTermMonths', ...whole(6, 120), defaultValue: 60 },
      { name: 'minDepositPercent', ...whole(0, 100), defaultValue: 10 },
    ] },
    { type: 'row', fields: [
      { name: 'maxAgeAtEndOfTermYears', ...whole(1, 30), defaultValue: 10 },
      { name: 'maxOdometerMiles', ...whole(0, 1_000_000), defaultValue: 60000 },
    ] },
    { type: 'row', fields: [
      penceField('minAdvancePence', 'Smallest advance', { required: true, defaultValue: 100000 }),
      penceField('maxAdvancePence', 'Largest advance', { required: true, defaultValue: 5000000 }),
    ] },
    { type: 'row', fields: [
      penceField('acceptanceFeePence', 'Acceptance fee', { required: true, defaultValue: 0, admin: { description: 'Added to the first payment.' } }),
      penceField('optionToPurchaseFeePence', 'Option-to-purchase fee', { required: true, defaultValue: 1000, admin: { description: 'Paid with the final payment.' } }),
    ] },
    {
      name: 'aprBands',
      label: 'APR bands',
      type: 'array',
      admin: { description: 'Searched top to bottom; the first band that fits the bike and term wins, so put exceptions first.' },
      fields: [
        { type: 'row', fields: [
          { name: 'product', type: 'select', required: true, options: ['HP', 'PCP'] },
          { name: 'condition', type: 'select', required: true, defaultValue: 'any', options: ['any', 'new', 'used'] },
          { name: 'aprPercent', label: 'APR %', type: 'number', required: true, min: 0, max: 99.9 },
        ] },
        { type: 'row', fields: [
          { name: 'minAgeYears', ...whole(0, 30), defaultValue: 0 },
          { name: 'maxAgeYears', ...whole(0, 30), defaultValue: 30 },
          { name: 'minTermMonths', ...whole(6, 120), defaultValue: 12 },
          { name: 'maxTermMonths', ...whole(6, 120), defaultValue: 60 },
        ] },
      ],
    },
    {
      name: 'residualValues',
      label: 'PCP residual values',
      type: 'array',
      admin: { description: 'Guaranteed future value as a percent of the cash price; the tightest row covering the bike’s age, the term and the yearly mileage is used.' },
      fields: [
        { type: 'row', fields: [
          { name: 'maxAgeYears', ...whole(0, 30) },
          { name: 'maxTermMonths', ...whole(6, 120) },
          { name: 'maxAnnualDistance', ...whole(0, 100000) },
          { name: 'percentOfCashPrice', type: 'number', required: true, min: 0, max: 100 },
        ] },
      ],
    },
  ],
}
