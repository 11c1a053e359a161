// The stock fields every owner of held stock has (orders and reservations): where its units stand in the
// stock ledger (ADR 007) and when a hold gives them back.
import type { Field } from 'payload'

export function stockStateFields(labels: { readonly held: string; readonly holdExpires: string }): Field[] {
  return [
    {
      name: 'state',
      type: 'select',
      required: true,
      defaultValue: 'held',
      index: true,
      options: [
        { label: 'Being placed', value: 'pending' },
        { label: labels.held, value: 'held' },
        { label: 'Sold', value: 'committed' },
        { label: 'Released back to stock', value: 'released' },
      ],
      admin: { readOnly: true },
    },
    {
      name: 'holdExpiresAt',
      type: 'date',
      index: true,
      admin: { date: { pickerAppearance: 'dayAndTime' }, description: labels.holdExpires },
    },
  ]
}
