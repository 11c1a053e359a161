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

/** One history entry as every record stores it (the note cut to the field's 500 characters). */
export interface HistoryEntry {
  readonly at: string
  readonly by?: number
  readonly actor: string
  readonly from?: string
  readonly to?: string
  readonly note: string
}

export function historyEntry(now: Date, actor: string, from: string | null | undefined, to: string | null | undefined, note: string, by?: number): HistoryEntry {
  return { at: now.toISOString(), ...(by !== undefined ? { by } : {}), actor, from: from ?? undefined, to: to ?? undefined, note: note.slice(0, 500) }
}

/** Who made a change in the admin: the signed-in staff user (their id and email), for the history's "by" and "actor". */
export function staffActor(req: { user?: { collection?: string; id: string | number; email?: string | null } | null }): { by: number | undefined; actor: string } {
  return { by: req.user?.collection === 'users' ? Number(req.user.id) : undefined, actor: req.user?.email?.slice(0, 80) ?? 'staff' }
}
