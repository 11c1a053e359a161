import { describe, expect, it } from 'vitest'
import { checkFeed, csvRows, FEED_COLUMNS, FeedError, type FeedContext } from './feed-rows'
import { textFromRichText, richTextFromText } from './rich-text'

const context: FeedContext = {
  categories: new Map([
    ['motorcycles', 'motorcycle'],
    ['motorcycles/naked', 'motorcycle'],
    ['riderwear/jackets', 'riderwear'],
  ]),
  productSkus: new Set(['IN-SHOP-JACKET']),
  variantSkus: new Set(['IN-SHOP-JACKET-M']),
}

const HEADER = 'sku,parent_sku,name,kind,condition,brand,category,price,stock,status,size,colour,vrm,mileage,first_registered,keepers,engine_cc,licence,images,engine'

function check(lines: string[]) {
  return checkFeed(csvRows([HEADER, ...lines].join('\n')), context)
}

describe('checkFeed', () => {
  it('reads products and variants with their values in shop units', () => {
    const feed = check([
      'MT07-USED,,Yamaha MT-07,motorcycle,used,Yamaha,motorcycles/naked,"£5,995.00",1,active,,,ab12 cde,12000,2021-03-01,2,689,A2,mt07.jpg|mt07-side.jpg,689cc twin',
      'JKT-1,,Touring jacket,,,Alpinestars,riderwear/jackets,,0,,,,,,,,,,,',
      'JKT-1-M-BLK,JKT-1,,,,,,149.99,4,,M,Black,,,,,,,,',
    ])
    expect(feed.refused).toEqual([])
    expect(feed.total).toBe(3)
    const [bike, jacket, variant] = feed.rows
    expect(bike).toMatchObject({ type: 'product', line: 2, sku: 'MT07-USED' })
    expect(Object.fromEntries(bike!.values)).toMatchObject({
      name: 'Yamaha MT-07', condition: 'used', brand: 'Yamaha', category: 'motorcycles/naked', price: 599_500, stock: 1, status: 'active',
      vrm: 'AB12 CDE', mileage: 12000, first_registered: '2021-03-01', keepers: 2, engine_cc: 689, licence: 'A2', images: ['mt07.jpg', 'mt07-side.jpg'], engine: '689cc twin',
    })
    expect(bike!.values.has('kind')).toBe(false)
    expect(Object.fromEntries(jacket!.values)).toMatchObject({ condition: 'new', status: 'active', price: null, stock: 0, vrm: null, images: [] })
    expect(variant).toMatchObject({ type: 'variant', sku: 'JKT-1-M-BLK', parentSku: 'JKT-1' })
    expect(Object.fromEntries(variant!.values)).toEqual({ price: 14_999, stock: 4, size: 'M', colour: 'Black', images: [] })
  })

  it('refuses bad rows with their line number and a reason, and keeps the good ones', () => {
    const feed = check([
      'A1,,Helmet,,,,riderwear/helmets,10,1,,,,,,,,,,,', // line 2: unknown category
      'A2,,Gloves,,,,riderwear/jackets,10,-1,,,,,,,,,,,', // 3: negative stock
      'A3,,Boots,,,,riderwear/jackets,12.345,1,,,,,,,,,,,', // 4: bad price
      'A4,,Scarf,,,,riderwear/jackets,£abc,1,,,,,,,,,,,', // 5: bad price
      'A5,,Jacket,,,,riderwear/jackets,10,1,,,,,,,,,,,', // 6: fine
      'A5,,Jacket again,,,,riderwear/jackets,10,1,,,,,,,,,,,', // 7: duplicate sku
      'V1,NOPE,,,,,,10,1,,M,,,,,,,,,', // 8: parent missing
      'V2,A1,,,,,,10,1,,L,,,,,,,,,', // 9: parent refused
      'B1,,Bike,scooter,,,motorcycles,1000,1,,,,,,,,,,,', // 10: kind does not match
      'B2,,Bike two,,,,motorcycles,1000,1,,,,,,2021-02-30,,,,,', // 11: bad date
      'B3,,Bike three,,used,,motorcycles,1000,1,,,,AB12CDE,,,,,,,', // 12: fine
      'B4,,Bike four,,used,,motorcycles,1000,1,,,,AB12 CDE,,,,,,,', // 13: same registration
      ',,No sku,,,,motorcycles,1000,1,,,,,,,,,,,', // 14: no sku
      'IN-SHOP-JACKET-M,,Not a product,,,,riderwear/jackets,1,1,,,,,,,,,,,', // 15: a variant in the shop
      'NEW-NO-CAT,,,,,,,1,1,,,,,,,,,,,', // 16: new product without name or category
      'V3,IN-SHOP-JACKET,,,,,,10,1,,XL,,,,,,,,,', // 17: fine (parent in the shop)
      'V4,V3,,,,,,10,1,,XL,,,,,,,,,', // 18: parent is a variant
      'S1,,Status,,,,motorcycles,1,1,sold,,,,,,,,,,', // 19: bad status
    ])
    expect(feed.rows.map((r) => r.sku)).toEqual(['A5', 'B3', 'V3'])
    expect(feed.refused).toEqual([
      { line: 2, sku: 'A1', reason: 'unknown category "riderwear/helmets"' },
      { line: 3, sku: 'A2', reason: 'stock -1 is negative' },
      { line: 4, sku: 'A3', reason: 'price "12.345" has more than two decimals' },
      { line: 5, sku: 'A4', reason: 'price "£abc" is not an amount in pounds' },
      { line: 7, sku: 'A5', reason: 'duplicate sku: also on line 6' },
      { line: 8, sku: 'V1', reason: 'its product NOPE is neither in the file nor in the shop' },
      { line: 9, sku: 'V2', reason: 'its product A1 was refused' },
      { line: 10, sku: 'B1', reason: 'kind "scooter" does not match category "motorcycles", which sells motorcycle' },
      { line: 11, sku: 'B2', reason: 'first_registered "2021-02-30" is not a date (YYYY-MM-DD)' },
      { line: 13, sku: 'B4', reason: 'registration AB12 CDE is also on line 12' },
      { line: 14, sku: '', reason: 'the sku is empty' },
      { line: 15, sku: 'IN-SHOP-JACKET-M', reason: 'sku IN-SHOP-JACKET-M is a variant in the shop, not a product' },
      { line: 16, sku: 'NEW-NO-CAT', reason: 'a new product needs a name and a category' },
      { line: 18, sku: 'V4', reason: 'parent V3 is a variant, not a product' },
      { line: 19, sku: 'S1', reason: 'status "sold" is not one of active, draft, archived' },
    ])
  })

  it('refuses a price of 0 (what dealer systems write for a price they do not know); empty stays price on application', () => {
    const feed = check([
      'Z1,,Bike,,,,motorcycles,0,1,,,,,,,,,,,', // 2: zero
      'Z2,,Bike two,,,,motorcycles,0.00,1,,,,,,,,,,,', // 3: zero with pence
      'Z3,,Bike three,,,,motorcycles,£0,1,,,,,,,,,,,', // 4: zero in pounds
      'Z4,,Bike four,,,,motorcycles,,1,,,,,,,,,,,', // 5: on application
      'Z5,,Bike five,,,,motorcycles,0.01,1,,,,,,,,,,,', // 6: a penny is a price
      'V0,IN-SHOP-JACKET,,,,,,0,1,,XXL,,,,,,,,,', // 7: a variant at 0
    ])
    const zero = (line: number, sku: string, raw: string) => ({ line, sku, reason: `price "${raw}" is zero: a price of 0 would sell it for nothing; leave the price empty when it is on application` })
    expect(feed.refused).toEqual([zero(2, 'Z1', '0'), zero(3, 'Z2', '0.00'), zero(4, 'Z3', '£0'), zero(7, 'V0', '0')])
    expect(feed.rows.map((r) => [r.sku, r.values.get('price')])).toEqual([['Z4', null], ['Z5', 1]])
  })

  it('counts lines of quoted multi-line descriptions when naming a refused row', () => {
    const feed = checkFeed(csvRows('sku,name,category,description,stock\nA,One,motorcycles,"two\nlines",1\nB,Two,motorcycles,,x\n'), context)
    expect(feed.refused).toEqual([{ line: 4, sku: 'B', reason: 'stock "x" is not a whole number' }])
    expect(feed.rows[0]!.values.get('description')).toBe('two\nlines')
  })

  it('updates an existing product from only the columns given', () => {
    const feed = checkFeed(csvRows('sku,stock\nIN-SHOP-JACKET,7\n'), context)
    expect(feed.refused).toEqual([])
    expect(Object.fromEntries(feed.rows[0]!.values)).toEqual({ stock: 7 })
  })

  it('refuses a file it cannot read at all: no sku column, an unknown or repeated column, an empty file', () => {
    expect(() => csvRows('name,stock\nx,1\n')).toThrow(FeedError)
    expect(() => csvRows('sku,colour,flavour\nx,1,2\n')).toThrow(/unknown column: flavour/)
    expect(() => csvRows('sku,stock,stock\nx,1,2\n')).toThrow(/appears twice/)
    expect(() => csvRows('')).toThrow(/empty/)
    expect(() => csvRows('sku\n"x\n')).toThrow(/never closed/)
  })

  it('names every column of the issue and every spec-sheet part', () => {
    for (const c of ['sku', 'parent_sku', 'name', 'kind', 'condition', 'brand', 'category', 'price', 'stock', 'status', 'description', 'size', 'colour', 'vrm', 'mileage', 'first_registered', 'keepers', 'cap_code', 'engine_cc', 'licence', 'images', 'frame', 'engine', 'riderAids']) {
      expect(FEED_COLUMNS).toContain(c)
    }
  })
})

describe('description text and rich text', () => {
  it('round-trips paragraphs', () => {
    const text = 'First paragraph.\n\nSecond one,\nwith a line break.'
    expect(textFromRichText(richTextFromText(text))).toBe(text)
    expect(textFromRichText(null)).toBeNull()
    expect(textFromRichText(richTextFromText('  '))).toBeNull()
  })
})

describe('the template staff download (public/catalogue-import-template.csv)', () => {
  it('has every column in order and only rows the feed accepts', async () => {
    const { readFileSync } = await import('node:fs')
    const text = readFileSync(new URL('../../../../public/catalogue-import-template.csv', import.meta.url), 'utf8')
    expect(text.split('\r\n')[0]).toBe(FEED_COLUMNS.join(','))
    const feed = checkFeed(csvRows(text), { ...context, categories: new Map([['motorcycles/naked', 'motorcycle'], ['riderwear/jackets', 'riderwear']]) })
    expect(feed.refused).toEqual([])
    expect(feed.rows.map((r) => r.type)).toEqual(['product', 'product', 'variant', 'variant'])
  })
})
