// What the index holds for one product, in the shop's normal form (normalise.ts), by weight:
// name, brand, model codes and kind count most, then its categories, then description and spec sheet.
import type { ProductKind } from '../catalogue/product-kind'
import { indexText } from './normalise'

/** Everyday words for each kind, so that "bikes", "motorbike" or "electric bike" find the kind itself. */
export const KIND_WORDS: Record<ProductKind, string> = {
  motorcycle: 'motorcycle motorbike bike',
  scooter: 'scooter moped',
  bicycle: 'bicycle bike cycle',
  'e-bike': 'ebike electric bike bicycle',
  riderwear: 'riderwear clothing kit',
  accessory: 'accessory',
}

/** An e-bike sold as a motor vehicle: found as an e-bike, not as a bicycle. */
export const MOTOR_VEHICLE_EBIKE_WORDS = 'ebike electric bike motor vehicle'

export interface SearchSource {
  name: string
  brand: string | null
  /** SKUs, CAP codes and the like */
  codes: (string | null | undefined)[]
  /** the category and its ancestors' names */
  categories: string[]
  kind: ProductKind | null
  /** an e-bike that fails the EAPC rules: indexed as the motor vehicle it is, never with the word "bicycle" (ADR 069) */
  motorVehicle?: boolean
  /** short description, long description as plain text, spec sheet values */
  body: (string | null | undefined)[]
}

export interface SearchDocument {
  /** the name as typed by staff, for "Did you mean" */
  title: string
  name: string
  brand: string
  model: string
  category: string
  body: string
}

const MAX_BODY_CHARS = 4000

export function searchDocument(s: SearchSource): SearchDocument {
  return {
    title: s.name,
    name: indexText(s.name),
    brand: indexText(s.brand),
    // the kind's everyday words weigh as much as the name: "motorbike" wants motorbikes before a motorbike lock
    model: indexText(...s.codes, s.kind ? (s.motorVehicle && s.kind === 'e-bike' ? MOTOR_VEHICLE_EBIKE_WORDS : KIND_WORDS[s.kind]) : null),
    category: indexText(...s.categories),
    body: indexText(...s.body).slice(0, MAX_BODY_CHARS),
  }
}
