import { describe, expect, it } from 'vitest'
import { HILLS_TOP, sunFor, textBottom, titleLines } from './images'

describe('titleLines: the title a seeded picture prints', () => {
  it('keeps a short title on one line', () => {
    expect(titleLines('Used Honda Africa Twin 2020')).toEqual(['Used Honda Africa Twin 2020'])
  })

  it('wraps a long title at whole words instead of cutting one ("…motorcycle aft")', () => {
    const lines = titleLines('Choosing your first motorcycle after CBT')
    expect(lines).toEqual(['Choosing your first motorcycle', 'after CBT'])
  })

  it('never prints a line longer than it allows, nor a cut word, for any title', () => {
    const words = ['a', 'bike', 'motorcycle', 'after', 'CBT', 'electric', 'winter', 'riding', 'kit', 'range', 'battery']
    for (let seed = 1; seed < 300; seed++) {
      const title = Array.from({ length: 1 + (seed % 12) }, (_, i) => words[(seed * 7 + i * 3) % words.length]).join(' ')
      const lines = titleLines(title, 20, 2)
      expect(lines.length).toBeLessThanOrEqual(2)
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(20)
      const printed = lines.join(' ').replace(/…$/, '').split(' ')
      expect(printed).toEqual(title.split(' ').slice(0, printed.length))
      if (!lines.at(-1)!.endsWith('…')) expect(lines.join(' ')).toBe(title)
    }
  })

  it('ends a title too long for its lines with an ellipsis after a whole word', () => {
    expect(titleLines('one two three four five six', 9, 2)).toEqual(['one two', 'three…'])
  })
})

describe('sunFor: an article picture\'s sun', () => {
  it('sits below the printed title and subtitle and above the hills, for every layout', () => {
    for (const lines of [1, 2]) {
      for (const subtitle of [false, true]) {
        for (let variant = 0; variant < 10; variant++) {
          const sun = sunFor(lines, subtitle, variant)
          expect(sun.cy - sun.r).toBeGreaterThan(textBottom(lines, subtitle))
          expect(sun.cy + sun.r).toBeLessThanOrEqual(HILLS_TOP)
        }
      }
    }
  })
})
