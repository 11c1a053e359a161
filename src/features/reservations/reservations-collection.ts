// Reservations: a bike kept for a customer who paid a refundable deposit online. Created and
// moved by the reservation code only (Local API and the stock ledger); staff may convert one to a sale,
// release it with a reason, or extend its hold, each recorded with who and when.
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, CollectionConfig } from 'payload'
import { adminOnly } from '../../cms/access/admin-only'
import { nobody } from '../../cms/access/nobody'
import { ownOrdersOrStaff } from '../../cms/access/own-orders-or-staff'
import { staffOnly } from '../../cms/access/staff-only'
import { penceField } from '../../cms/fields/pence'
import { hideRecordsOutOfReach } from '../../cms/hooks/hide-records-out-of-reach'
import { historyField } from '../../cms/fields/history'
import { stockStateFields } from '../../cms/fields/stock-state'
import type { Reservation } from '../../payload-types'
import { RESERVATION_PAYMENT_MINUTES, reservationStatusOptions } from '../../domain/reservations/reservation-rules'

/** The admin's options, from the one declaration of a reservation's states (domain/reservations/reservation-rules.ts). */
export const RESERVATION_STATUSES = reservationStatusOptions()

const readOnly = { readOnly: true } as const

/**
 * Staff changes (convert to a sale, release, extend) are checked by hooks that make orders, so they live in
 * features/orders and src/payload.config.ts passes them in: reservations sit below orders.
 */
export interface ReservationStaffHooks {
  readonly beforeChange: readonly CollectionBeforeChangeHook<Reservation>[]
  readonly afterChange: CollectionAfterChangeHook<Reservation>
}

export const reservationsCollection = (staff: ReservationStaffHooks): CollectionConfig => ({
  slug: 'reservations',
  admin: {
    useAsTitle: 'reservationNumber',
    defaultColumns: ['reservationNumber', 'status', 'productName', 'email', 'depositPence', 'createdAt'],
    group: 'Sales',
    listSearchableFields: ['reservationNumber', 'email', 'lastName'],
    description: 'Bikes kept for customers who paid a refundable deposit online. Set Status to “Converted to a sale” when the customer buys in the shop (an order is made for the balance, the deposit counted towards it), or “Released by staff” with a reason (the deposit is refunded).',
  },
  // Customers see their own (signed in); staff all. Created only by the reservation code.
  access: { read: ownOrdersOrStaff, create: nobody, update: staffOnly, delete: adminOnly },
  defaultSort: '-createdAt',
  hooks: { beforeOperation: [hideRecordsOutOfReach], beforeChange: [...staff.beforeChange], afterChange: [staff.afterChange] },
  fields: [
    { name: 'reservationNumber', type: 'text', required: true, unique: true, index: true, maxLength: 20, admin: { ...readOnly, position: 'sidebar' } },
    { name: 'status', type: 'select', required: true, defaultValue: 'awaiting_payment', index: true, options: RESERVATION_STATUSES, admin: { position: 'sidebar' } },
    {
      name: 'releaseReason',
      type: 'text',
      maxLength: 300,
      admin: { position: 'sidebar', description: 'Required to release a reservation (shown in its history; the deposit is refunded).' },
    },
    { name: 'customer', type: 'relationship', relationTo: 'users', index: true, admin: { ...readOnly, position: 'sidebar' } },
    { name: 'convertedOrder', type: 'relationship', relationTo: 'orders', admin: { ...readOnly, position: 'sidebar', description: 'The order the reservation became: the online card order or finance application, or the showroom order made when staff convert it.' } },
    {
      type: 'row',
      fields: [
        { name: 'product', type: 'relationship', relationTo: 'products', required: true, index: true, admin: readOnly },
        { name: 'variant', type: 'relationship', relationTo: 'variants', admin: readOnly },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'productName', type: 'text', required: true, maxLength: 200, admin: readOnly },
        penceField('pricePence', 'Price when reserved', { required: true, admin: readOnly }),
        penceField('depositPence', 'Deposit', { required: true, admin: readOnly }),
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'firstName', type: 'text', required: true, maxLength: 80, admin: readOnly },
        { name: 'lastName', type: 'text', required: true, maxLength: 80, admin: readOnly },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'email', type: 'email', required: true, index: true, admin: readOnly },
        { name: 'phone', type: 'text', required: true, maxLength: 30, admin: readOnly },
      ],
    },
    {
      name: 'stock',
      type: 'group',
      admin: { description: 'The bike is taken off the shelf when the reservation is placed; it goes back when the reservation ends without a sale.' },
      fields: [
        ...stockStateFields({ held: 'Held', holdExpires: `Unpaid: ${RESERVATION_PAYMENT_MINUTES} minutes to pay. Active: when the hold ends and the deposit is refunded. Staff may extend an active reservation’s hold.` }),
      ],
    },
    {
      name: 'payment',
      type: 'group',
      fields: [
        { name: 'provider', type: 'text', maxLength: 40, admin: readOnly },
        { name: 'reference', type: 'text', index: true, maxLength: 255, admin: readOnly },
        { name: 'paidAt', type: 'date', admin: readOnly },
        penceField('refundedPence', 'Refunded', { defaultValue: 0, admin: readOnly }),
        { name: 'refundId', type: 'text', maxLength: 120, admin: readOnly },
        { name: 'refundError', type: 'text', maxLength: 500, admin: { ...readOnly, description: 'The last refund attempt the provider refused; retried on every background pass until it succeeds.' } },
        { name: 'failureMessage', type: 'text', maxLength: 300, admin: readOnly },
      ],
    },
    { name: 'partExchange', label: 'Part-exchange', type: 'join', collection: 'part-exchange-valuations', on: 'reservation', admin: { description: 'A valuation quoted when the reserved bike was financed, subject to inspection.' } },
    { name: 'reservationKey', type: 'text', unique: true, index: true, maxLength: 100, admin: { hidden: true }, access: { read: () => false } },
    historyField('Every change, newest last.'),
  ],
})
