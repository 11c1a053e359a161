import { describe, expect, it } from 'vitest'
import { nearestNames } from './nearest-names'

const brands = ['Honda', 'Yamaha', 'Kawasaki', 'CF Moto', 'GAS GAS', 'Royal Enfield', 'Trek', 'Cube'].map((name) => ({ name }))
const categories = ['Scooters', 'Naked', 'Adventure', 'Helmets', 'Electric bikes', 'Road bikes'].map((name) => ({ name }))
const names = (found: { name: string }[]) => found.map((f) => f.name)

describe('the names nearest to a search that matched nothing', () => {
  it('finds a brand typed with a slip or two', () => {
    expect(names(nearestNames('hondda', brands))).toEqual(['Honda'])
    expect(names(nearestNames('kawasacki zx6r', brands))).toEqual(['Kawasaki'])
    expect(names(nearestNames('yamah', brands))).toEqual(['Yamaha'])
  })

  it('finds a brand written into a longer word, or written without its space', () => {
    expect(names(nearestNames('hondacb650r', brands))).toEqual(['Honda'])
    expect(names(nearestNames('cfmotto', brands))).toEqual(['CF Moto'])
    expect(names(nearestNames('royal enfeild', brands))).toEqual(['Royal Enfield'])
  })

  it('finds a category from a word cut short or misspelt', () => {
    expect(names(nearestNames('scoot', categories))).toEqual(['Scooters'])
    expect(names(nearestNames('helmuts', categories))).toEqual(['Helmets'])
    expect(names(nearestNames('adventur', categories))).toEqual(['Adventure'])
  })

  it('puts the nearest first and keeps at most the limit', () => {
    expect(names(nearestNames('bikes', categories, 1))).toHaveLength(1)
    expect(names(nearestNames('hond yamaha', brands))).toEqual(['Yamaha', 'Honda'])
  })

  it('offers nothing for words that are near no name, numbers, or words too short to say', () => {
    expect(nearestNames('r1250gs', brands)).toEqual([])
    expect(nearestNames('zzzzqqq', [...brands, ...categories])).toEqual([])
    expect(nearestNames('650 ab', brands)).toEqual([])
    expect(nearestNames('', brands)).toEqual([])
  })
})
