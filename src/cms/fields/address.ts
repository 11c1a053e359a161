// A UK postal address as orders and settings store it (line1, line2, town, county, postcode, country).
import type { Field, GroupField } from 'payload'

export function addressFields(required = false): Field[] {
  return [
    { name: 'line1', type: 'text', required, maxLength: 120 },
    { name: 'line2', type: 'text', maxLength: 120 },
    { name: 'town', type: 'text', required, maxLength: 80 },
    { name: 'county', type: 'text', maxLength: 80 },
    { name: 'postcode', type: 'text', required, maxLength: 10 },
    { name: 'country', type: 'text', defaultValue: 'GB', maxLength: 2 },
  ]
}

export function addressGroup(name: string, label: string, extra: Partial<GroupField> = {}): GroupField {
  return { name, label, type: 'group', fields: addressFields(), ...extra } as GroupField
}
