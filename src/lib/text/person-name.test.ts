import { describe, expect, it } from 'vitest'
import { z } from '../zod'
import { personNameProblem, withPersonNameRule } from './person-name'

describe('personNameProblem', () => {
  it('refuses names of only invisible characters', () => {
    for (const v of ['\u200b', '\u200b\u200c\u200d', '\ufeff \u2060', '\u3164', '\u0301\u0301', ' \u2800 ']) expect(personNameProblem(v), JSON.stringify(v)).toBe('nothing_visible')
  })

  it('refuses bidi controls anywhere in a name', () => {
    for (const v of ['Eve\u202egnp.exe', '\u202dAda', 'Ann\u2067a\u2069', 'Bo\u200fb', 'Ali\u061c']) expect(personNameProblem(v), JSON.stringify(v)).toBe('bidi_control')
  })

  it('takes real names in any script, joiners inside them included', () => {
    for (const v of ['Ada', 'Zoë', 'O’Brien', 'Jean-Luc', 'محمد', 'नमस्ते', 'क्\u200dष', '李小龙', 'Ngũgĩ']) expect(personNameProblem(v), v).toBeNull()
  })

  it('leaves the empty string to the schema’s own "Enter your name"', () => {
    expect(personNameProblem('')).toBeNull()
  })

  it('adds the rule to a schema with a message naming the field', () => {
    const schema = withPersonNameRule(z.string().trim().min(1, 'Enter your first name.'), 'first name')
    expect(schema.safeParse('Ada').success).toBe(true)
    expect(schema.safeParse('\u200b').error?.issues[0]?.message).toBe('Your first name must contain letters, not only invisible characters.')
    expect(schema.safeParse('Eve\u202egnp.exe').error?.issues[0]?.message).toMatch(/text-direction/)
  })
})
