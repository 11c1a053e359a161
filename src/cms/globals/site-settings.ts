// The dealer's own details: name, address, hours, phone and the FCA statements finance pages must show.
import type { GlobalConfig } from 'payload'
import { anyone } from '../access/anyone'
import { staffOnly } from '../access/staff-only'
import { revalidateGlobalAfterChange } from '../hooks/revalidate-storefront'

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
        {
          name: 'flatRatePence',
          label: 'Home delivery flat rate (pence)',
          type: 'number',
          required: true,
          defaultValue: 0,
          min: 0,
          max: 100000,
          admin: { description: '0 shows as free delivery (spec §9).' },
        },
        { name: 'pickupEnabled', label: 'Offer free collection from the shop', type: 'checkbox', defaultValue: true },
      ],
    },
    {
      name: 'finance',
      type: 'group',
      label: 'Finance (FCA)',
      fields: [
        { name: 'fcaFirmReference', label: 'FCA firm reference number', type: 'text', maxLength: 12 },
        { name: 'brokerStatement', type: 'textarea', maxLength: 1000 },
        { name: 'commissionDisclosure', type: 'textarea', maxLength: 1000 },
      ],
    },
  ],
}
