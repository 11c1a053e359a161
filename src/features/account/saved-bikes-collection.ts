// Bikes a customer saved, one row a customer and bike, with the customer's choice of alerts. Written
// only through the shop's saved-bikes endpoint; a customer reads their own rows, staff read all.
import type { CollectionConfig } from 'payload'
import { nobody } from '../../cms/access/nobody'
import { ownOrdersOrStaff } from '../../cms/access/own-orders-or-staff'
import { staffOnly } from '../../cms/access/staff-only'
import { hideRecordsOutOfReach } from '../../cms/hooks/hide-records-out-of-reach'

export const SavedBikes: CollectionConfig = {
  slug: 'saved-bikes',
  labels: { singular: 'Saved bike', plural: 'Saved bikes' },
  admin: {
    group: 'Customers',
    defaultColumns: ['customer', 'product', 'alerts', 'lastAlertAt', 'createdAt'],
    description: 'Bikes customers saved, and whether they asked to be emailed when the price drops or the bike is back in stock.',
  },
  access: { read: ownOrdersOrStaff, create: nobody, update: nobody, delete: staffOnly },
  hooks: { beforeOperation: [hideRecordsOutOfReach] },
  indexes: [{ fields: ['customer', 'product'], unique: true }],
  fields: [
    // Not required in the schema: deleting a customer or a product sets these to null (Payload's foreign keys),
    // and a row without either is ignored. The endpoint always writes both.
    { name: 'customer', type: 'relationship', relationTo: 'users', index: true },
    { name: 'product', type: 'relationship', relationTo: 'products', index: true },
    { name: 'alerts', type: 'checkbox', defaultValue: false, index: true, admin: { description: 'Email once when the price drops or the bike is back in stock.' } },
    { name: 'lastAlertKey', type: 'text', maxLength: 200, admin: { readOnly: true, description: 'The last change emailed about; the same change is never emailed twice.' } },
    { name: 'lastAlertAt', type: 'date', admin: { readOnly: true } },
  ],
}
