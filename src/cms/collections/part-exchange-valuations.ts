// Part-exchange valuations the shop issued ("Value my bike"). A finance quote names one by its uid, so the
// figure quoted is the one the shop worked out, never one from the browser; the application (and the reservation it
// completes) is linked here for staff, who confirm the figure when they inspect the bike.
import type { CollectionConfig, FieldHook } from 'payload'
import { adminOnly } from '../access/admin-only'
import { nobody } from '../access/nobody'
import { staffOnly } from '../access/staff-only'
import { penceField } from '../fields/pence'
import { staffActor } from '../fields/history'
import { inspectionReasonProblem } from '../../domain/part-exchange/valuation-hold'

const readOnly = { readOnly: true } as const

export const PART_EXCHANGE_CONDITIONS = [
  { label: 'Excellent', value: 'excellent' },
  { label: 'Good', value: 'good' },
  { label: 'Fair', value: 'fair' },
  { label: 'Poor', value: 'poor' },
] as const

type InspectionHookArgs = Parameters<FieldHook>[0]

/**
 * Who confirmed the figure and when, set here and never typed: stamped when the confirmed value is recorded or
 * changed, otherwise kept as it was (a value sent with the update is ignored).
 */
function stamped(name: 'inspectedBy' | 'inspectedAt', made: (req: InspectionHookArgs['req']) => string): FieldHook {
  return ({ siblingData, originalDoc, req }) => {
    const before = (originalDoc as { inspection?: Record<string, unknown> } | undefined)?.inspection
    const confirmedBefore = (before?.confirmedValuePence as number | null | undefined) ?? null
    const confirmedNow = (siblingData as { confirmedValuePence?: number | null }).confirmedValuePence ?? null
    if (confirmedNow !== null && confirmedNow !== confirmedBefore) return made(req)
    return (before?.[name] as string | null | undefined) ?? null
  }
}

export const PartExchangeValuations: CollectionConfig = {
  slug: 'part-exchange-valuations',
  labels: { singular: 'Part-exchange valuation', plural: 'Part-exchange valuations' },
  admin: {
    useAsTitle: 'vrm',
    defaultColumns: ['vrm', 'make', 'year', 'valuePence', 'outstandingFinancePence', 'order', 'createdAt'],
    group: 'Finance',
    description: 'Trade-in guides given online. The customer was told the figure is subject to inspection: record the figure you confirm when you see the bike.',
  },
  // Staff read them and record the inspection; only the valuation endpoint creates them.
  access: { read: staffOnly, create: nobody, update: staffOnly, delete: adminOnly },
  defaultSort: '-createdAt',
  fields: [
    { name: 'valuationUid', type: 'text', required: true, unique: true, index: true, maxLength: 100, admin: readOnly },
    { type: 'row', fields: [
      { name: 'vrm', label: 'Registration', type: 'text', required: true, index: true, maxLength: 10, admin: readOnly },
      { name: 'make', type: 'text', required: true, maxLength: 60, admin: readOnly },
      { name: 'year', type: 'number', required: true, admin: readOnly },
    ] },
    { type: 'row', fields: [
      { name: 'mileage', type: 'number', required: true, min: 0, admin: readOnly },
      { name: 'condition', type: 'select', required: true, options: [...PART_EXCHANGE_CONDITIONS], admin: readOnly },
      { name: 'source', type: 'text', maxLength: 40, admin: { ...readOnly, description: 'built-in: the shop’s own estimate; otherwise the valuation provider.' } },
    ] },
    { type: 'row', fields: [
      penceField('lowPence', 'Trade range from', { required: true, admin: readOnly }),
      penceField('highPence', 'Trade range to', { required: true, admin: readOnly }),
    ] },
    { type: 'row', fields: [
      penceField('valuePence', 'Part-exchange value quoted', { required: true, admin: readOnly }),
      penceField('outstandingFinancePence', 'Outstanding finance to settle', { required: true, defaultValue: 0, admin: readOnly }),
    ] },
    {
      name: 'answers',
      label: 'The customer’s answers',
      type: 'group',
      admin: { description: 'What the customer told us about the bike; check them at inspection.' },
      fields: [
        { type: 'row', fields: [
          { name: 'fullServiceHistory', label: 'Full service history', type: 'checkbox', admin: readOnly },
          { name: 'keys', label: 'Number of keys', type: 'number', min: 0, max: 9, admin: readOnly },
          { name: 'logbookPresent', label: 'V5C logbook present', type: 'checkbox', admin: readOnly },
          { name: 'damage', label: 'Damage', type: 'checkbox', admin: readOnly },
        ] },
        { name: 'damageDescription', type: 'textarea', maxLength: 500, admin: readOnly },
      ],
    },
    { name: 'expiresAt', type: 'date', required: true, admin: { ...readOnly, description: 'Held until then: a quote, an application or a reservation may use the valuation until then.' } },
    { type: 'row', fields: [
      { name: 'order', label: 'Finance application', type: 'relationship', relationTo: 'orders', index: true, admin: readOnly },
      { name: 'reservation', type: 'relationship', relationTo: 'reservations', index: true, admin: readOnly },
    ] },
    {
      name: 'inspection',
      type: 'group',
      admin: { description: 'Filled in by staff when the bike is seen.' },
      fields: [
        penceField('confirmedValuePence', 'Confirmed value', { admin: { description: 'The figure the dealer confirms on inspection.' } }),
        {
          name: 'adjustmentReason',
          label: 'Reason for the adjustment',
          type: 'textarea',
          maxLength: 1000,
          admin: { description: 'Required when the confirmed value differs from the value quoted.' },
          validate: (value: string | null | undefined, { data, siblingData }: { data: Partial<{ valuePence: number | null }>; siblingData: Partial<{ confirmedValuePence: number | null }> }) =>
            inspectionReasonProblem(data?.valuePence, siblingData?.confirmedValuePence, value) ?? true,
        },
        { name: 'notes', type: 'textarea', maxLength: 2000 },
        { type: 'row', fields: [
          { name: 'inspectedBy', label: 'Confirmed by', type: 'text', maxLength: 80, admin: readOnly, hooks: { beforeChange: [stamped('inspectedBy', (req) => staffActor(req).actor)] } },
          { name: 'inspectedAt', label: 'Confirmed at', type: 'date', admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } }, hooks: { beforeChange: [stamped('inspectedAt', () => new Date().toISOString())] } },
        ] },
      ],
    },
  ],
}
