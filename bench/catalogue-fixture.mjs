// A believable dealer-group stock feed, generated deterministically: new and used bikes (used ones with
// registrations, mileage and keepers), and riderwear and accessories with sizes and colours as variants. The
// categories are the demo seed's. Used by `npm run seed:large` and bench/catalogue-import.mjs.
import fs from 'node:fs'

const BIKE_CATEGORIES = [
  ['motorcycles/naked', 'motorcycle'], ['motorcycles/adventure', 'motorcycle'], ['motorcycles/retro-and-classic', 'motorcycle'], ['motorcycles/sport-and-touring', 'motorcycle'],
  ['motorcycles/off-road', 'motorcycle'], ['scooters', 'scooter'], ['bicycles/road', 'bicycle'], ['bicycles/mountain', 'bicycle'], ['electric-bikes/e-mtb', 'e-bike'], ['electric-bikes/e-city', 'e-bike'],
]
const GEAR_CATEGORIES = ['riderwear/helmets', 'riderwear/jackets', 'riderwear/gloves', 'bike-accessories/locks', 'bike-accessories/lights', 'bike-accessories/luggage']
const BRANDS = ['Honda', 'Yamaha', 'Kawasaki', 'Suzuki', 'Triumph', 'KTM', 'BMW', 'Ducati', 'Royal Enfield', 'Trek', 'Cube', 'Specialized']
const GEAR_BRANDS = ['Oxford', 'Alpinestars', 'Shoei', 'Arai', 'Dainese', 'Richa', 'Kriega', 'Abus', 'Knog', 'Rev’It!']
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL']
const COLOURS = ['Black', 'White', 'Grey', 'Red', 'Blue', 'Hi-Vis']
const WORDS = ['Sport', 'Touring', 'Urban', 'Adventure', 'Classic', 'Pro', 'Air', 'Storm', 'Trail', 'Street', 'Race', 'Evo']
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXY'

const HEADER = ['sku', 'parent_sku', 'name', 'kind', 'condition', 'brand', 'category', 'price', 'vat_rate', 'stock', 'status', 'description', 'size', 'colour', 'vrm', 'mileage', 'first_registered', 'keepers', 'cap_code', 'engine_cc', 'licence', 'model_year', 'engine', 'power', 'motor_power_w', 'assisted_speed_mph', 'has_pedals', 'images']

function rng(seed) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}
const quote = (v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
const line = (cells) => HEADER.map((h) => quote(String(cells[h] ?? ''))).join(',') + '\r\n'
const pounds = (p) => (p / 100).toFixed(2)

/**
 * Writes the feed to `file`; answers its row counts and each bike's kind by SKU (with, for an e-bike, whether it meets
 * the EAPC rules). About 5 variants per riderwear or accessory product. E-bikes carry motor power, assisted speed and
 * pedals: one in ten is over the limits. `bikePicture`, a picture already in the shop's media library, is given to
 * every bike, so that the bikes reach the Merchant feed (an offer needs a picture).
 */
export function writeCatalogueCsv(file, { bikes = 2000, products = 20000, variants = 100000, seed = 28, bikePicture = '' } = {}) {
  const r = rng(seed)
  const pick = (list) => list[Math.floor(r() * list.length)]
  const out = fs.openSync(file, 'w')
  let buffer = line(Object.fromEntries(HEADER.map((h) => [h, h])))
  let rows = 0
  const bikeKinds = new Map()
  const write = (cells) => {
    buffer += line(cells)
    rows += 1
    if (buffer.length > 1 << 20) {
      fs.writeSync(out, buffer)
      buffer = ''
    }
  }
  for (let i = 0; i < bikes; i++) {
    const [category, kind] = pick(BIKE_CATEGORIES)
    const used = r() < 0.4
    const brand = pick(BRANDS)
    const cc = kind === 'motorcycle' ? pick([125, 300, 471, 649, 689, 765, 890, 1084, 1254]) : kind === 'scooter' ? pick([50, 125, 300]) : ''
    const year = used ? 2014 + Math.floor(r() * 10) : 2026
    // Unique for the first 22³ bikes: the letters spell the bike's number in base 22.
    const L = (n) => LETTERS[Math.floor(n) % LETTERS.length]
    const vrm = `${L(i)}${L(i / 22)}${String(year % 100).padStart(2, '0')} ${L(i / 484)}${L(i * 7)}${L(i * 13)}`
    const overLimits = kind === 'e-bike' && i % 10 === 0
    const ebike = kind === 'e-bike' ? { motor_power_w: overLimits ? 750 : 250, assisted_speed_mph: overLimits ? 28 : 15.5, has_pedals: 'yes' } : {}
    bikeKinds.set(`BIKE-${String(i).padStart(5, '0')}`, { kind, eapc: kind === 'e-bike' ? !overLimits : null })
    write({
      ...ebike, images: bikePicture,
      sku: `BIKE-${String(i).padStart(5, '0')}`, name: `${used ? 'Used ' : ''}${brand} ${pick(WORDS)} ${cc || pick(WORDS)} ${year} #${i}`, kind, condition: used ? 'used' : 'new', brand, category,
      price: pounds(Math.round((used ? 2500 : 4500) + r() * 15000) * 100), vat_rate: 20, stock: used ? 1 : 1 + Math.floor(r() * 4), status: 'active',
      description: `${brand} ${kind} from our Leeds showroom.\n\nPart exchange welcome.`,
      vrm: used ? vrm : '', mileage: used ? Math.floor(r() * 40000) : '', first_registered: used ? `${year}-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}` : '',
      keepers: used ? 1 + Math.floor(r() * 3) : '', cap_code: `CAP${i}`.slice(0, 20), engine_cc: cc, licence: cc === '' ? '' : cc <= 125 ? 'A1' : cc <= 500 ? 'A2' : 'A', model_year: year,
      engine: cc ? `${cc}cc` : '', power: cc ? `${Math.round(Number(cc) / 12)} kW` : '',
    })
  }
  const perProduct = Math.max(1, Math.round(variants / Math.max(1, products)))
  let variantsLeft = variants
  for (let i = 0; i < products; i++) {
    const category = pick(GEAR_CATEGORIES)
    const brand = pick(GEAR_BRANDS)
    const sku = `GEAR-${String(i).padStart(6, '0')}`
    const count = Math.min(variantsLeft, i === products - 1 ? variantsLeft : perProduct)
    write({ sku, name: `${brand} ${pick(WORDS)} ${category.split('/')[1].replace(/s$/, '')} ${i}`, condition: 'new', brand, category, price: count ? '' : pounds(Math.round(1000 + r() * 40000)), vat_rate: 20, stock: count ? 0 : Math.floor(r() * 20), status: 'active', description: 'Stocked at every branch.' })
    for (let v = 0; v < count; v++) {
      write({ sku: `${sku}-${v}`, parent_sku: sku, price: pounds(Math.round(2000 + r() * 30000)), stock: Math.floor(r() * 12), size: SIZES[v % SIZES.length], colour: COLOURS[Math.floor(v / SIZES.length) % COLOURS.length] })
    }
    variantsLeft -= count
  }
  fs.writeSync(out, buffer)
  fs.closeSync(out)
  return { rows, bikes, products, variants: variants - variantsLeft, bikeKinds }
}
