// Workshop services customers can book: tiers (one per job) and add-ons, each with a VAT-inclusive price in
// pence and the workshop minutes it takes out of the day's capacity. Staff edit them in the admin.
import type { CollectionConfig } from 'payload'
import { adminOnly } from '../access/admin-only'
import { offeredServicesOrStaff } from '../access/offered-services-or-staff'
import { staffOnly } from '../access/staff-only'
import { penceField } from '../fields/pence'

export const ServiceOptions: CollectionConfig = {
  slug: 'service-options',
  labels: { singular: 'Workshop service', plural: 'Workshop services' },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'kind', 'pricePence', 'workshopMinutes', 'active'], group: 'Workshop' },
  access: { read: offeredServicesOrStaff, create: staffOnly, update: staffOnly, delete: adminOnly },
  defaultSort: 'position',
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 80 },
    { name: 'code', type: 'text', required: true, unique: true, index: true, maxLength: 40, admin: { description: 'Stable key used by links and the seed, e.g. full-service.' } },
    {
      name: 'kind',
      type: 'select',
      required: true,
      defaultValue: 'tier',
      options: [
        { label: 'Service tier (one per booking)', value: 'tier' },
        { label: 'Add-on', value: 'add-on' },
      ],
    },
    { name: 'description', type: 'textarea', maxLength: 600 },
    {
      type: 'row',
      fields: [
        penceField('pricePence', 'Price', { required: true }),
        { name: 'workshopMinutes', type: 'number', required: true, min: 5, max: 1440, admin: { step: 5, description: 'Mechanic minutes this takes out of the day.' } },
      ],
    },
    { name: 'eBikeOnly', label: 'E-bikes only', type: 'checkbox', defaultValue: false, admin: { description: 'Motor, battery and software work: offered only when the bike is an e-bike.' } },
    { name: 'active', label: 'Offered', type: 'checkbox', defaultValue: true, index: true },
    { name: 'position', type: 'number', defaultValue: 0, admin: { position: 'sidebar', description: 'Lower comes first.' } },
  ],
}
