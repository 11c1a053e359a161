import { describe, expect, it } from 'vitest'
import {
  availabilityOf, clip, isValidGtin, merchantFeedHead, merchantId, merchantIdentifier, merchantItems, merchantItemXml, merchantPrice, MERCHANT_FEED_TAIL,
  type MerchantProduct,
} from './merchant-feed'

const SITE = 'https://shop.example.co.uk'

const bike: MerchantProduct = {
  id: 7,
  sku: 'CUBE-KATHMANDU',
  name: 'Cube Kathmandu Hybrid',
  status: 'active',
  kind: 'e-bike',
  productType: 'simple',
  condition: 'new',
  brandName: 'Cube',
  categoryTrail: ['E-bikes', 'Trekking'],
  path: '/products/cube-kathmandu-hybrid',
  description: 'A trekking e-bike.\n\nBosch motor, 750 Wh battery.',
  shortDescription: 'Neo sports café',
  pricePence: 839_900,
  vatRatePercent: 20,
  charges: [{ label: 'Assembly and delivery', pence: 25_000, vat: 'product-rate' }],
  stockQuantity: 2,
  imagePath: '/api/media/file/kathmandu.webp',
  variants: [],
  ebike: { assistedSpeedMph: 15.5, eapc: true },
}

const jacket: MerchantProduct = {
  ...bike,
  id: 20,
  sku: 'JKT-TOUR',
  name: 'Touring Jacket',
  kind: 'riderwear',
  productType: 'variable',
  brandName: 'Alpinestars',
  categoryTrail: ['Rider wear', 'Jackets'],
  path: '/products/touring-jacket',
  pricePence: 14_999,
  charges: [],
  stockQuantity: null,
  imagePath: '/api/media/file/jacket.webp',
  variants: [
    { id: 101, sku: 'JKT-TOUR-M-BLK', size: 'M', colour: 'Black', pricePence: 14_999, stockQuantity: 3, imagePath: '/api/media/file/jacket-black.webp' },
    { id: 102, sku: 'JKT-TOUR-L-RED', size: 'L', colour: 'Red', pricePence: null, stockQuantity: 0, imagePath: null },
  ],
}

describe('merchant feed items', () => {
  it('maps a simple product to one item with Google’s required attributes, links absolute', () => {
    const { items, skipped } = merchantItems(bike, SITE)
    expect(skipped).toEqual([])
    expect(items).toEqual([
      {
        id: 'CUBE-KATHMANDU',
        title: 'Cube Kathmandu Hybrid',
        description: 'A trekking e-bike.\n\nBosch motor, 750 Wh battery.',
        link: 'https://shop.example.co.uk/products/cube-kathmandu-hybrid',
        imageLink: 'https://shop.example.co.uk/api/media/file/kathmandu.webp',
        availability: 'in_stock',
        // The headline price: £8,399 plus £250 assembly and delivery, as the product page shows it.
        price: '8649.00 GBP',
        brand: 'Cube',
        condition: 'new',
        identifier: { exists: false },
        itemGroupId: null,
        size: null,
        color: null,
        productType: 'E-bikes > Trekking',
        assistedSpeed: '15.5 mph',
      },
    ])
  })

  it('lists each variant as an item of one group, with its size, colour, price, stock and picture', () => {
    const { items } = merchantItems(jacket, SITE)
    expect(items.map((i) => [i.id, i.itemGroupId, i.title, i.size, i.color, i.price, i.availability, i.imageLink])).toEqual([
      ['JKT-TOUR-M-BLK', 'JKT-TOUR', 'Touring Jacket – M, Black', 'M', 'Black', '149.99 GBP', 'in_stock', `${SITE}/api/media/file/jacket-black.webp`],
      // No price or picture of its own: the product's.
      ['JKT-TOUR-L-RED', 'JKT-TOUR', 'Touring Jacket – L, Red', 'L', 'Red', '149.99 GBP', 'out_of_stock', `${SITE}/api/media/file/jacket.webp`],
    ])
    expect(new Set(items.map((i) => i.link))).toEqual(new Set([`${SITE}/products/touring-jacket`]))
  })

  it('treats a variable product without variants as one offer of its own', () => {
    const { items } = merchantItems({ ...jacket, variants: [] }, SITE)
    expect(items.map((i) => [i.id, i.itemGroupId])).toEqual([['JKT-TOUR', null]])
  })

  it('never lists drafts or archived products', () => {
    for (const status of ['draft', 'archived']) {
      const outcome = merchantItems({ ...jacket, status }, SITE)
      expect(outcome.items).toEqual([])
      expect(outcome.skipped).toEqual([{ id: 'JKT-TOUR', reason: `not on sale (${status})` }])
    }
  })

  it('leaves out motor vehicles, which Google Shopping refuses: motorcycles, scooters and mopeds', () => {
    for (const kind of ['motorcycle', 'scooter'] as const) {
      expect(merchantItems({ ...bike, kind }, SITE)).toEqual({ items: [], skipped: [{ id: 'CUBE-KATHMANDU', reason: `a motor vehicle (${kind})` }] })
    }
    // A moped is filed under scooters or motorcycles; one in a category of its own is still a motor vehicle.
    expect(merchantItems({ ...bike, kind: null, categoryTrail: ['Mopeds'] }, SITE).skipped).toEqual([{ id: 'CUBE-KATHMANDU', reason: 'a motor vehicle (moped)' }])
    expect(merchantItems({ ...bike, kind: 'bicycle', categoryTrail: ['Bicycles', 'Mopeds'] }, SITE).skipped).toEqual([{ id: 'CUBE-KATHMANDU', reason: 'a motor vehicle (moped)' }])
    // Parts and kit for mopeds are not vehicles.
    expect(merchantItems({ ...bike, kind: 'accessory', categoryTrail: ['Accessories', 'Mopeds'] }, SITE).items).toHaveLength(1)
    // Bicycles, pedal-assisted e-bikes (EAPCs are bicycles in UK law), rider wear and accessories stay.
    for (const kind of ['bicycle', 'e-bike', 'riderwear', 'accessory', null] as const) expect(merchantItems({ ...bike, kind }, SITE).items, String(kind)).toHaveLength(1)
    expect(merchantItems({ ...jacket, kind: 'motorcycle' }, SITE).items).toEqual([])
  })

  it('leaves out an e-bike that is a motor vehicle in law, and one whose assisted speed is not on record', () => {
    expect(merchantItems({ ...bike, ebike: { assistedSpeedMph: 28, eapc: false } }, SITE)).toEqual({ items: [], skipped: [{ id: 'CUBE-KATHMANDU', reason: 'a motor vehicle (an e-bike that is not an EAPC)' }] })
    expect(merchantItems({ ...bike, ebike: null }, SITE).skipped).toEqual([{ id: 'CUBE-KATHMANDU', reason: 'an e-bike without its assisted top speed' }])
    // A bicycle has no motor: it needs no speed.
    expect(merchantItems({ ...bike, kind: 'bicycle', ebike: null }, SITE).items).toHaveLength(1)
  })

  it('states every e-bike’s assisted top speed, and nothing of the kind for anything else', () => {
    const [item] = merchantItems(bike, SITE).items
    expect(item!.assistedSpeed).toBe('15.5 mph')
    expect(merchantItemXml(item!)).toContain('<g:product_detail><g:section_name>E-bike</g:section_name><g:attribute_name>Assisted top speed</g:attribute_name><g:attribute_value>15.5 mph</g:attribute_value></g:product_detail>')
    expect(merchantItemXml(merchantItems({ ...bike, kind: 'bicycle' }, SITE).items[0]!)).not.toContain('product_detail')
  })

  it('leaves out offers Google would refuse: no price, or no picture', () => {
    expect(merchantItems({ ...bike, pricePence: null }, SITE)).toEqual({ items: [], skipped: [{ id: 'CUBE-KATHMANDU', reason: 'no price (price on application)' }] })
    expect(merchantItems({ ...bike, imagePath: null }, SITE)).toEqual({ items: [], skipped: [{ id: 'CUBE-KATHMANDU', reason: 'no picture' }] })
    const partly = merchantItems({ ...jacket, imagePath: null }, SITE)
    expect(partly.items.map((i) => i.id)).toEqual(['JKT-TOUR-M-BLK'])
    expect(partly.skipped).toEqual([{ id: 'JKT-TOUR-L-RED', reason: 'no picture' }])
  })

  it('tells a used e-bike from a new one', () => {
    expect(merchantItems({ ...bike, condition: 'used' }, SITE).items[0]!.condition).toBe('used')
  })

  it('describes a product by its description, else its short description, else its name, within Google’s limits', () => {
    expect(merchantItems({ ...bike, description: '  ' }, SITE).items[0]!.description).toBe('Neo sports café')
    expect(merchantItems({ ...bike, description: null, shortDescription: null }, SITE).items[0]!.description).toBe('Cube Kathmandu Hybrid')
    const long = merchantItems({ ...bike, description: 'word '.repeat(2000), name: 'N'.repeat(200) }, SITE).items[0]!
    expect(long.description.length).toBeLessThanOrEqual(5000)
    expect(long.description.endsWith('word…')).toBe(true)
    expect(long.title.length).toBeLessThanOrEqual(150)
  })

  it('leaves the brand out rather than inventing one', () => {
    expect(merchantItems({ ...bike, brandName: ' ' }, SITE).items[0]!.brand).toBeNull()
  })
})

describe('merchant feed rules', () => {
  it('uses the SKU as the id when Google can take it, else a stable record id', () => {
    expect(merchantId('product', 7, 'CUBE-KATHMANDU')).toBe('CUBE-KATHMANDU')
    expect(merchantId('product', 7, null)).toBe('wh-p7')
    expect(merchantId('variant', 9, ' ')).toBe('wh-v9')
    expect(merchantId('variant', 9, 'X'.repeat(51))).toBe('wh-v9')
    expect(merchantId('variant', 9, 'X'.repeat(50))).toBe('X'.repeat(50))
  })

  it('formats the price from integer pence as "1234.56 GBP", compulsory charges in, and none without a price', () => {
    expect(merchantPrice(123_456, { vatRatePercent: 20, charges: [] })).toBe('1234.56 GBP')
    expect(merchantPrice(5, { vatRatePercent: 20, charges: [] })).toBe('0.05 GBP')
    expect(merchantPrice(100_000, { vatRatePercent: 20, charges: [{ label: 'PDI', pence: 9_950 }] })).toBe('1099.50 GBP')
    expect(merchantPrice(null, { vatRatePercent: 20, charges: [] })).toBeNull()
    expect(merchantPrice(-1, { vatRatePercent: 20, charges: [] })).toBeNull()
  })

  it('is in stock from one whole unit', () => {
    expect(availabilityOf(1)).toBe('in_stock')
    expect(availabilityOf(0)).toBe('out_of_stock')
    expect(availabilityOf(0.5)).toBe('out_of_stock')
    expect(availabilityOf(null)).toBe('out_of_stock')
    expect(availabilityOf(-3)).toBe('out_of_stock')
  })

  it('checks a GTIN’s length and check digit', () => {
    expect(isValidGtin('4006381333931')).toBe(true) // EAN-13
    expect(isValidGtin('036000291452')).toBe(true) // UPC-A
    expect(isValidGtin('96385074')).toBe(true) // EAN-8
    expect(isValidGtin('00036000291452')).toBe(true) // GTIN-14
    expect(isValidGtin('4006381333932')).toBe(false)
    expect(isValidGtin('400638133393')).toBe(false)
    expect(isValidGtin('00000000')).toBe(false)
    expect(isValidGtin('ABCDEFGH')).toBe(false)
  })

  it('sends a valid GTIN, else an MPN with a brand, else identifier_exists=no', () => {
    expect(merchantIdentifier('4006381333931', 'MPN-1', 'Cube')).toEqual({ gtin: '4006381333931' })
    expect(merchantIdentifier('4006381333932', 'MPN-1', 'Cube')).toEqual({ mpn: 'MPN-1' })
    expect(merchantIdentifier(null, 'MPN-1', null)).toEqual({ exists: false })
    expect(merchantIdentifier(null, ' ', 'Cube')).toEqual({ exists: false })
    expect(merchantIdentifier(undefined, undefined, 'Cube')).toEqual({ exists: false })
    const item = merchantItems({ ...bike, gtin: '4006381333931' }, SITE).items[0]!
    expect(merchantItemXml(item)).toContain('<g:gtin>4006381333931</g:gtin>')
    expect(merchantItemXml(item)).not.toContain('identifier_exists')
  })

  it('clips on a word boundary', () => {
    expect(clip('short', 10)).toBe('short')
    expect(clip('one two three four', 16)).toBe('one two three…')
    // A word that runs past most of the limit is cut inside, so the text keeps its length.
    expect(clip('one abcdefghijklmnop', 12)).toBe('one abcdefg…')
  })
})

describe('merchant feed XML', () => {
  it('writes an item with every attribute escaped, in Google’s namespace', () => {
    const [item] = merchantItems({ ...bike, name: 'R&D <Special> "Edition"', description: 'Fast & loud\u0007', brandName: "O'Neal" }, SITE).items
    const xml = merchantItemXml(item!)
    expect(xml).toBe(
      '<item><g:id>CUBE-KATHMANDU</g:id><title>R&amp;D &lt;Special&gt; &quot;Edition&quot;</title><description>Fast &amp; loud</description>' +
        '<link>https://shop.example.co.uk/products/cube-kathmandu-hybrid</link><g:image_link>https://shop.example.co.uk/api/media/file/kathmandu.webp</g:image_link>' +
        '<g:availability>in_stock</g:availability><g:price>8649.00 GBP</g:price><g:brand>O&apos;Neal</g:brand><g:condition>new</g:condition>' +
        '<g:identifier_exists>no</g:identifier_exists><g:product_type>E-bikes &gt; Trekking</g:product_type>' +
        '<g:product_detail><g:section_name>E-bike</g:section_name><g:attribute_name>Assisted top speed</g:attribute_name><g:attribute_value>15.5 mph</g:attribute_value></g:product_detail></item>\n',
    )
  })

  it('writes variants with their group, size and colour', () => {
    const xml = merchantItems(jacket, SITE).items.map(merchantItemXml).join('')
    expect(xml.match(/<g:item_group_id>JKT-TOUR<\/g:item_group_id>/g)).toHaveLength(2)
    expect(xml).toContain('<g:size>M</g:size><g:color>Black</g:color>')
  })

  it('opens an RSS 2.0 document with the g: namespace and closes it', () => {
    const doc = merchantFeedHead({ title: 'Wheelhouse & Co', link: `${SITE}/`, description: 'Products' }) + MERCHANT_FEED_TAIL
    expect(doc).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
        '<title>Wheelhouse &amp; Co</title>\n<link>https://shop.example.co.uk/</link>\n<description>Products</description>\n</channel>\n</rss>\n',
    )
  })
})
