// A URL slug: unique, indexed, filled from another field when left empty, always lower-case kebab.
import type { TextField } from 'payload'
import { slugify } from '../../lib/text/slugify'

export { slugify }

export function slugField(from = 'name'): TextField {
  return {
    name: 'slug',
    type: 'text',
    unique: true,
    index: true,
    required: true,
    maxLength: 120,
    admin: { position: 'sidebar', description: `Part of the page address; filled from the ${from} when left empty.` },
    hooks: {
      beforeValidate: [
        ({ value, data }) => {
          const source = typeof value === 'string' && value.trim() ? value : (data?.[from] as string | undefined)
          return typeof source === 'string' ? slugify(source) : value
        },
      ],
    },
    validate: (value: unknown) =>
      typeof value === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) ? true : 'Use lower-case letters, digits and hyphens',
  }
}
