// Workshop jobs and test rides: one booking engine. Each booking takes `minutes` of `resource` on `day`
// (the workshop's mechanic minutes, or one demo bike in one time window); every status change is recorded
// with who and when. Customers book through /bicycle-services and /test-ride; staff book phone and walk-in
// customers here, into the same capacity.
import type { CollectionConfig } from 'payload'
import { JOB_STATUS_LABELS, JOB_STATUSES } from '../../domain/booking/job-status'
import { RIDER_LICENCE_LABELS, RIDER_LICENCES } from '../../domain/booking/licence'
import { adminOnly } from '../../cms/access/admin-only'
import { ownBookingsOrStaff } from '../../cms/access/own-bookings-or-staff'
import { isStaffUser } from '../../cms/access/roles'
import { staffOnly } from '../../cms/access/staff-only'
import { penceField } from '../../cms/fields/pence'
import { bookingAfterChange, bookingAfterDelete, bookingBeforeChange } from './booking-workflow'
import { hideRecordsOutOfReach } from '../../cms/hooks/hide-records-out-of-reach'
import { lockRowsForUpdate } from '../../cms/hooks/lock-rows-for-update'
import { historyField } from '../../cms/fields/history'

const readOnly = { readOnly: true } as const
const isService = (data: { kind?: string } | undefined) => data?.kind !== 'test_ride'
const isTestRide = (data: { kind?: string } | undefined) => data?.kind === 'test_ride'

export const Bookings: CollectionConfig = {
  slug: 'bookings',
  labels: { singular: 'Booking', plural: 'Bookings (workshop and test rides)' },
  admin: {
    useAsTitle: 'reference',
    defaultColumns: ['reference', 'kind', 'day', 'status', 'lastName', 'minutes', 'source'],
    group: 'Workshop',
    listSearchableFields: ['reference', 'email', 'lastName'],
    description: 'Phone and walk-in customers: create a booking here; it takes the same capacity as online bookings.',
  },
  access: { read: ownBookingsOrStaff, create: staffOnly, update: staffOnly, delete: adminOnly },
  defaultSort: 'day',
  hooks: { beforeOperation: [hideRecordsOutOfReach, lockRowsForUpdate('bookings')], beforeChange: [bookingBeforeChange], afterChange: [bookingAfterChange], afterDelete: [bookingAfterDelete] },
  fields: [
    { name: 'reference', type: 'text', unique: true, index: true, maxLength: 20, admin: { ...readOnly, position: 'sidebar', description: 'Given when the booking is made.' } },
    {
      name: 'kind',
      type: 'select',
      required: true,
      defaultValue: 'service',
      index: true,
      options: [
        { label: 'Workshop service', value: 'service' },
        { label: 'Test ride', value: 'test_ride' },
      ],
      admin: { position: 'sidebar' },
    },
    { name: 'status', type: 'select', required: true, defaultValue: 'booked', index: true, options: JOB_STATUSES.map((s) => ({ label: JOB_STATUS_LABELS[s], value: s })), admin: { position: 'sidebar' } },
    {
      name: 'source',
      type: 'select',
      required: true,
      defaultValue: 'phone',
      options: [
        { label: 'Online', value: 'online' },
        { label: 'Phone', value: 'phone' },
        { label: 'Walk-in', value: 'walk_in' },
      ],
      admin: { position: 'sidebar' },
    },
    { name: 'day', label: 'Drop-off / ride day (YYYY-MM-DD)', type: 'text', required: true, index: true, maxLength: 10, admin: { position: 'sidebar', placeholder: '2026-12-05' } },
    { name: 'window', label: 'Test ride time (HH:MM)', type: 'text', maxLength: 5, admin: { position: 'sidebar', condition: isTestRide } },
    { name: 'resource', type: 'text', index: true, maxLength: 80, admin: { ...readOnly, position: 'sidebar' } },
    { name: 'minutes', label: 'Capacity taken (minutes or rides)', type: 'number', min: 0, admin: { ...readOnly, position: 'sidebar' } },
    { name: 'customer', type: 'relationship', relationTo: 'users', index: true, admin: { position: 'sidebar' } },
    { type: 'row', fields: [
      { name: 'firstName', type: 'text', required: true, maxLength: 80 },
      { name: 'lastName', type: 'text', required: true, maxLength: 80 },
    ] },
    { type: 'row', fields: [
      { name: 'email', type: 'email', index: true },
      { name: 'phone', type: 'text', required: true, maxLength: 30 },
    ] },
    {
      name: 'service',
      type: 'group',
      admin: { condition: isService },
      fields: [
        { name: 'tier', type: 'relationship', relationTo: 'service-options', filterOptions: { kind: { equals: 'tier' } } },
        { name: 'addOns', type: 'relationship', relationTo: 'service-options', hasMany: true, filterOptions: { kind: { equals: 'add-on' } } },
        {
          name: 'lines',
          type: 'array',
          admin: { readOnly: true, description: 'Priced by the shop from the tier and add-ons when booked.' },
          fields: [{ type: 'row', fields: [
            { name: 'name', type: 'text', required: true, maxLength: 80 },
            penceField('pricePence', 'Price', { required: true }),
            { name: 'minutes', type: 'number', required: true, min: 0 },
          ] }],
        },
        penceField('totalPence', 'Total (VAT included)', { admin: readOnly }),
        {
          name: 'bike',
          type: 'group',
          fields: [
            { type: 'row', fields: [
              { name: 'make', type: 'text', maxLength: 60 },
              { name: 'model', type: 'text', maxLength: 80 },
              { name: 'bikeType', type: 'select', options: ['road', 'gravel', 'mountain', 'hybrid', 'city', 'folding', 'cargo', 'kids', 'other'].map((v) => ({ label: v, value: v })) },
            ] },
            { name: 'eBike', label: 'E-bike', type: 'checkbox', defaultValue: false },
            { name: 'notes', type: 'textarea', maxLength: 1000 },
          ],
        },
        penceField('extraWorkLimitPence', 'Pre-authorised extra work up to', { admin: { description: 'Extra work up to this amount is done without asking again; above it the customer approves the quote.' } }),
        {
          name: 'extraWork',
          type: 'group',
          admin: { description: 'Fill this in before moving the job to Awaiting approval: the customer gets the quote by email with approve and decline links.' },
          fields: [
            { name: 'description', type: 'textarea', maxLength: 1000 },
            penceField('quotePence', 'Quote (VAT included)'),
            { type: 'row', fields: [
              { name: 'decision', type: 'select', options: [
                { label: 'Waiting for the customer', value: 'pending' },
                { label: 'Approved by the customer', value: 'approved' },
                { label: 'Declined by the customer', value: 'declined' },
                { label: 'Within the pre-authorised limit', value: 'pre_authorised' },
              ], admin: readOnly },
              { name: 'decidedAt', type: 'date', admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } } },
            ] },
          ],
        },
        { type: 'row', fields: [
          { name: 'readyAt', type: 'date', admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } } },
          { name: 'collectBy', label: 'Collect by (YYYY-MM-DD)', type: 'text', maxLength: 10, admin: readOnly },
        ] },
      ],
    },
    {
      name: 'testRide',
      type: 'group',
      admin: { condition: isTestRide },
      fields: [
        { name: 'product', label: 'Bike', type: 'relationship', relationTo: 'products' },
        { name: 'bikeName', type: 'text', maxLength: 160, admin: readOnly },
        { type: 'row', fields: [
          { name: 'licence', label: 'Rider’s licence', type: 'select', options: RIDER_LICENCES.map((l) => ({ label: RIDER_LICENCE_LABELS[l], value: l })) },
          { name: 'categoryNeeded', type: 'text', maxLength: 4, admin: readOnly },
        ] },
      ],
    },
    { name: 'termsAcceptedAt', type: 'date', admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'staffNotes', type: 'textarea', maxLength: 5000, access: { read: ({ req }) => isStaffUser(req.user) } },
    historyField('Every change, newest last, with who and when.'),
  ],
}
