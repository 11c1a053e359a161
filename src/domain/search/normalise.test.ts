import { describe, expect, it } from 'vitest'
import { fold, indexText, splitWords, terms } from './normalise'
import { stem } from './stem'

describe('search normal form', () => {
  it('lower-cases and strips accents', () => {
    expect(fold('Café RACER Škoda')).toBe('cafe racer skoda')
    expect(terms('Neo Sports Café')).toEqual(['neo', 'sport', 'cafe'])
  })

  it('splits model codes so every spacing reads alike', () => {
    const want = ['cb', '650', 'r']
    expect(terms('cb650r')).toEqual(want)
    expect(terms('CB 650 R')).toEqual(want)
    expect(terms('cb 650r')).toEqual(want)
    expect(terms('CB650-R')).toEqual(want)
    expect(terms('Lite Drive 1000XL')).toEqual(['lite', 'drive', '1000', 'xl'])
  })

  it('joins a one-letter prefix to its word', () => {
    expect(terms('e-bike')).toEqual(['ebike'])
    expect(terms('ebike')).toEqual(['ebike'])
    expect(terms('E-Bikes')).toEqual(['ebike'])
    expect(terms('Full-power e-MTBs')).toEqual(['full', 'power', 'emtb'])
  })

  it('keeps a possessive as one word and drops punctuation', () => {
    expect(splitWords(fold('Britain’s favourite (commuter) scooter!'))).toEqual(['britains', 'favourite', 'commuter', 'scooter'])
  })

  it('stores index text as single-spaced terms', () => {
    expect(indexText('Honda CB650R', null, ' Helmets ')).toBe('honda cb 650 r helmet')
  })
})

describe('light stemming', () => {
  it('takes plurals back to the singular', () => {
    expect(stem('helmets')).toBe('helmet')
    expect(stem('gloves')).toBe('glove')
    expect(stem('batteries')).toBe('battery')
    expect(stem('boxes')).toBe('box')
    expect(stem('scooters')).toBe('scooter')
  })

  it('leaves short words, numbers and words that only end in s', () => {
    for (const w of ['abus', 'chassis', 'gloss', 'kids'.slice(0, 3), 'bus', '650', 'plus', 'helmet']) expect(stem(w)).toBe(w)
  })
})
