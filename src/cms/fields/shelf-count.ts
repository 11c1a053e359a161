// The count a product's or variant's form loaded, never stored, so that a save changes the shelf count by what staff
// typed instead of writing back the number the form loaded (the checkout and the stock feed move the count meanwhile).
import type { CollectionBeforeChangeHook, NumberField } from 'payload'
import { isStaffUser } from '../access/roles'
import { shelfCountAfterEdit } from '../../domain/catalogue/shelf-count-edit'

export const shelfCountSeenField: NumberField = {
  name: 'stockSeen',
  type: 'number',
  virtual: true,
  admin: { hidden: true },
  access: { read: ({ req }) => isStaffUser(req.user) },
  hooks: { afterRead: [({ siblingData }) => siblingData?.stockQuantity ?? null] },
}

/** An update's shelf count is the count now plus what the sender changed from the count it saw. */
export const keepSalesInShelfCount: CollectionBeforeChangeHook = ({ data, originalDoc, operation }) => {
  if (operation !== 'update' || !originalDoc) return data
  const next = shelfCountAfterEdit(Number(originalDoc.stockQuantity ?? 0), data.stockQuantity, data.stockSeen)
  if (next !== undefined) data.stockQuantity = next
  return data
}
