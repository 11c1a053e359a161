// What a person's name may not be, beyond plain text (plain-text.ts): made only of characters nobody can see, or
// carrying bidi controls, which reorder what follows them on screen ("Eve\u202egnp.exe" shows as "Eveexe.png")
// and so can make a name, an email subject or a staff screen say something other than what was typed.
import type { z } from '../zod'

const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/
// Whitespace, format characters (zero-width space, joiners, BOM, ...), marks with no base, and the blank
// "letters" (Hangul fillers, braille blank) that render as nothing.
const NOTHING_VISIBLE = /^[\s\p{Cf}\p{M}\u115f\u1160\u3164\uffa0\u2800]*$/u

export type NameProblem = 'bidi_control' | 'nothing_visible'

export function personNameProblem(value: string): NameProblem | null {
  if (BIDI_CONTROLS.test(value)) return 'bidi_control'
  if (value.length > 0 && NOTHING_VISIBLE.test(value)) return 'nothing_visible'
  return null
}

export function personNameMessage(label: string, problem: NameProblem): string {
  return problem === 'bidi_control'
    ? `Your ${label} contains text-direction control characters. Please type it again without them.`
    : `Your ${label} must contain letters, not only invisible characters.`
}

/** Adds the name rule to a string schema; the message names the field (`label`, e.g. "first name"). */
export function withPersonNameRule<S extends z.ZodType<string>>(schema: S, label: string): S {
  return schema.superRefine((value, ctx) => {
    const problem = personNameProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: personNameMessage(label, problem) })
  }) as S
}
