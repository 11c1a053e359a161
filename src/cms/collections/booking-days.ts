// The capacity counters of the booking engine: minutes (or units) taken per resource and day. Written only by
// single conditional UPDATEs (src/features/bookings/capacity.server.ts), never by hand: that is what makes
// overbooking impossible. Staff read them as the workshop's day view.
import type { CollectionConfig } from 'payload'
import { nobody } from '../access/nobody'
import { staffOnly } from '../access/staff-only'

export const BookingDays: CollectionConfig = {
  slug: 'booking-days',
  labels: { singular: 'Booked day', plural: 'Booked days (capacity used)' },
  admin: {
    useAsTitle: 'day',
    defaultColumns: ['day', 'resource', 'usedMinutes'],
    group: 'Workshop',
    description: 'Capacity used per resource and day: “workshop” in mechanic minutes, “ride:…” one test ride per bike and time. See Workshop › Day view for the plan.',
  },
  access: { read: staffOnly, create: nobody, update: nobody, delete: nobody },
  defaultSort: 'day',
  indexes: [{ fields: ['resource', 'day'], unique: true }],
  fields: [
    { name: 'resource', type: 'text', required: true, index: true, maxLength: 80 },
    { name: 'day', type: 'text', required: true, index: true, maxLength: 10 },
    { name: 'usedMinutes', label: 'Used (minutes or rides)', type: 'number', required: true, defaultValue: 0, min: 0 },
  ],
}
