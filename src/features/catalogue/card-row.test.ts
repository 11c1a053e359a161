import { describe, expect, it } from 'vitest'
import { CARD_COLUMNS, cardFromRow } from './card-row'

// A row as PostgreSQL gives it: numeric columns as text, timestamps as Dates.
const pgRow = {
  id: 12,
  name: 'Honda CB650R',
  slug: 'honda-cb650r-2021',
  sku: 'HON-CB650R-21',
  price: '749900',
  compare_at_price: '799900',
  highest_offered: '799900',
  vat_rate: '20',
  fee_value: '19500',
  fee_label: 'On-the-road charges',
  condition: 'used',
  kind: 'motorcycle',
  on_hand: '1',
  product_type: 'simple',
  mileage: '4200',
  registered: new Date('2021-03-01T00:00:00.000Z'),
  brand_name: 'Honda',
  image_id: 3,
  image_url: '/api/media/file/cb650r.webp',
  image_alt: 'Honda CB650R',
  image_width: '1200',
  image_height: '900',
  card_url: '/api/media/file/cb650r-640x480.webp',
  card_width: '640',
  card_height: '480',
  card_avif_url: '/api/media/file/cb650r-640x480.avif',
  card_avif_width: '640',
  card_avif_height: '480',
  thumbnail_url: null,
  thumbnail_width: null,
  thumbnail_height: null,
}

describe('cardFromRow', () => {
  it('gives the headline price (price and charges) and the was-price as entered, a price it was offered at, as numbers', () => {
    const card = cardFromRow(pgRow)
    expect(card.pricePence).toBe(749_900 + 19_500)
    expect(card.compareAtPricePence).toBe(799_900)
    // A was-price at or below the headline price is no saving, and is not shown.
    expect(cardFromRow({ ...pgRow, compare_at_price: '769400' }).compareAtPricePence).toBeNull()
    // Above the highest price its history records, or with no record at all, it was never charged (ADR 075).
    expect(cardFromRow({ ...pgRow, highest_offered: '769400' }).compareAtPricePence).toBeNull()
    expect(cardFromRow({ ...pgRow, highest_offered: null }).compareAtPricePence).toBeNull()
    expect(card).toMatchObject({ id: 12, name: 'Honda CB650R', slug: 'honda-cb650r-2021', sku: 'HON-CB650R-21', condition: 'used', kind: 'motorcycle', brandName: 'Honda', stockQuantity: 1, productType: 'simple', mileage: 4200, registrationYear: 2021, writeOffCategory: null })
    // A used bike's write-off category rides on every card of it; anything else in the column is not one.
    expect(cardFromRow({ ...pgRow, write_off: 'N' }).writeOffCategory).toBe('N')
    expect(cardFromRow({ ...pgRow, write_off: 'X' }).writeOffCategory).toBeNull()
  })

  it('keeps the sizes the picture has, with numbers, and leaves out those it has not', () => {
    expect(cardFromRow(pgRow).image).toEqual({
      url: '/api/media/file/cb650r.webp',
      alt: 'Honda CB650R',
      width: 1200,
      height: 900,
      sizes: { card: { url: '/api/media/file/cb650r-640x480.webp', width: 640, height: 480 }, cardAvif: { url: '/api/media/file/cb650r-640x480.avif', width: 640, height: 480 } },
    })
  })

  it('reads a row as SQLite gives it: whole numbers as reals, dates as ISO text', () => {
    const card = cardFromRow({ ...pgRow, price: 749900.0, compare_at_price: null, vat_rate: 20.0, fee_value: null, fee_label: null, on_hand: 3.0, mileage: 4200.0, registered: '2019-07-15T00:00:00.000Z', condition: 'new', product_type: 'variable' })
    expect(card).toMatchObject({ pricePence: 749_900, compareAtPricePence: null, stockQuantity: 3, mileage: 4200, registrationYear: 2019, condition: 'new', productType: 'variable' })
  })

  it('shows a price on application as none, no picture as none, and never more stock than the cap a page shows', () => {
    const card = cardFromRow({ ...pgRow, price: null, compare_at_price: null, image_id: null, on_hand: '5000', registered: null, mileage: null, brand_name: null })
    expect(card.pricePence).toBeNull()
    expect(card.compareAtPricePence).toBeNull()
    expect(card.image).toBeNull()
    expect(card.stockQuantity).toBeLessThan(5000)
    expect(card).toMatchObject({ registrationYear: null, mileage: null, brandName: null })
  })

  it('a zero or negative fee is no charge; an unknown VAT rate is the standard 20%', () => {
    expect(cardFromRow({ ...pgRow, fee_value: '0' }).pricePence).toBe(749_900)
    expect(cardFromRow({ ...pgRow, fee_value: '-100', vat_rate: null }).pricePence).toBe(749_900)
  })

  it('selects every column it reads, each picture size by its own columns', () => {
    for (const name of ['id', 'price', 'fee_value', 'registered', 'brand_name', 'image_id', 'card_url', 'card_avif_width', 'large_avif_height']) expect(CARD_COLUMNS).toContain(` AS ${name}`)
    expect(CARD_COLUMNS).toContain('m.sizes_card_avif_url AS card_avif_url')
    const aliases = [...CARD_COLUMNS.matchAll(/ AS (\w+)/g)].map((m) => m[1]!)
    expect(aliases.filter((a) => a !== a.toLowerCase())).toEqual([]) // PostgreSQL folds unquoted names
  })
})
