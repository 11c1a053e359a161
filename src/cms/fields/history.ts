// The read-only change log an order, a reservation and a booking each keep: when, who (a signed-in user
// or a named actor), from which status to which, and a note. Newest last.
import type { ArrayField } from 'payload'

export function historyField(description: string, actorDescription?: string): ArrayField {
  return {
    name: 'history',
    type: 'array',
    admin: { readOnly: true, description },
    fields: [
      { type: 'row', fields: [
        { name: 'at', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'by', type: 'relationship', relationTo: 'users' },
        { name: 'actor', type: 'text', maxLength: 80, ...(actorDescription ? { admin: { description: actorDescription } } : {}) },
      ] },
      { type: 'row', fields: [
        { name: 'from', type: 'text', maxLength: 40 },
        { name: 'to', type: 'text', maxLength: 40 },
      ] },
      { name: 'note', type: 'text', maxLength: 500 },
    ],
  }
}
