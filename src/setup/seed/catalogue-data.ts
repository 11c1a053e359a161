// The demo shop's catalogue: categories, brands, about 70 products, pages and posts (plain data, no I/O).
import type { ProductKind } from '../../domain/catalogue/product-kind'
import type { SpecSheet } from '../../domain/catalogue/spec-sheet'
import { DEMO_VEHICLES } from '../../adapters/vehicle-data/demo-vehicles'
import { CANCELLATION_DAYS, REFUND_DAYS, RETURN_DAYS } from '../../domain/consumer-rights'

export interface CategorySeed {
  name: string
  slug: string
  kind: ProductKind
  description: string
  children?: { name: string; slug: string; description: string; zeroRatedHelmets?: boolean }[]
}

export const CATEGORIES: CategorySeed[] = [
  {
    name: 'Motorcycles', slug: 'motorcycles', kind: 'motorcycle', description: 'New and used motorcycles from 125cc learner bikes to litre-class tourers.',
    children: [
      { name: 'Naked', slug: 'naked', description: 'Upright, unfaired roadsters.' },
      { name: 'Adventure', slug: 'adventure', description: 'Long-travel bikes for road and trail.' },
      { name: 'Retro and Classic', slug: 'retro-and-classic', description: 'Modern bikes with classic looks.' },
      { name: 'Sport and Touring', slug: 'sport-and-touring', description: 'Faired bikes for fast miles.' },
      { name: 'Off-road', slug: 'off-road', description: 'Enduro and motocross machines.' },
    ],
  },
  { name: 'Scooters', slug: 'scooters', kind: 'scooter', description: 'Twist-and-go scooters for town and commute.' },
  {
    name: 'Bicycles', slug: 'bicycles', kind: 'bicycle', description: 'Road, mountain, hybrid and kids’ bicycles.',
    children: [
      { name: 'Road', slug: 'road', description: 'Drop-bar bikes for speed and distance.' },
      { name: 'Mountain', slug: 'mountain', description: 'Hardtails and full-suspension trail bikes.' },
      { name: 'Hybrid and City', slug: 'hybrid-and-city', description: 'Comfortable everyday bikes.' },
      { name: 'Kids', slug: 'kids', description: 'First bikes and junior bikes.' },
    ],
  },
  {
    name: 'Electric Bikes', slug: 'electric-bikes', kind: 'e-bike', description: 'Pedal-assist e-bikes, road legal in the UK (250 W, 15.5 mph).',
    children: [
      { name: 'Electric Mountain Bikes', slug: 'e-mtb', description: 'Full-power and light e-MTBs.' },
      { name: 'Electric City Bikes', slug: 'e-city', description: 'Commuter and cargo e-bikes.' },
    ],
  },
  {
    name: 'Riderwear', slug: 'riderwear', kind: 'riderwear', description: 'Helmets, jackets and gloves for motorcyclists and cyclists.',
    children: [
      { name: 'Helmets', slug: 'helmets', description: 'Road-legal ECE 22.06 helmets, zero-rated for VAT.', zeroRatedHelmets: true },
      { name: 'Jackets', slug: 'jackets', description: 'Textile and leather jackets.' },
      { name: 'Gloves', slug: 'gloves', description: 'Summer, winter and waterproof gloves.' },
    ],
  },
  {
    name: 'Bike Accessories', slug: 'bike-accessories', kind: 'accessory', description: 'Locks, lights, luggage and care.',
    children: [
      { name: 'Locks and Security', slug: 'locks', description: 'Sold Secure rated locks and chains.' },
      { name: 'Lights', slug: 'lights', description: 'Front and rear lights.' },
      { name: 'Luggage', slug: 'luggage', description: 'Panniers, top boxes and bags.' },
    ],
  },
]

export const BRANDS: { name: string; slug: string; colour: string; description: string }[] = [
  { name: 'Benelli', slug: 'benelli', colour: '#1f7a3f', description: 'Italian motorcycles since 1911.' },
  { name: 'CF Moto', slug: 'cf-moto', colour: '#00a0b0', description: 'Modern motorcycles with advanced engineering.' },
  { name: 'Gas Gas', slug: 'gas-gas', colour: '#d7141a', description: 'Off-road specialists from Girona.' },
  { name: 'Honda', slug: 'honda', colour: '#c8102e', description: 'From the CB125F to the Africa Twin.' },
  { name: 'KTM', slug: 'ktm', colour: '#ff6600', description: 'Ready to race.' },
  { name: 'Moto Guzzi', slug: 'moto-guzzi', colour: '#7a1f1f', description: 'Transverse V-twins from Mandello del Lario.' },
  { name: 'Mutt Motorcycles', slug: 'mutt-motorcycles', colour: '#4a4a4a', description: 'Hand-built custom-style 125s and 250s from Birmingham.' },
  { name: 'Peugeot', slug: 'peugeot', colour: '#2b4c9b', description: 'Scooters with a French accent.' },
  { name: 'Royal Enfield', slug: 'royal-enfield', colour: '#8a6d1d', description: 'Pure motorcycling since 1901.' },
  { name: 'Trek', slug: 'trek', colour: '#a4001d', description: 'Road, mountain and electric bicycles.' },
  { name: 'Cube', slug: 'cube', colour: '#222f3e', description: 'German-engineered bicycles and e-bikes.' },
  { name: 'Brompton', slug: 'brompton', colour: '#00704a', description: 'Folding bikes made in London.' },
  { name: 'Raleigh', slug: 'raleigh', colour: '#1d4e89', description: 'British bicycles since 1887.' },
  { name: 'Alpinestars', slug: 'alpinestars', colour: '#111111', description: 'Protective riderwear.' },
  { name: 'Shoei', slug: 'shoei', colour: '#5c5c5c', description: 'Premium helmets.' },
  { name: 'Oxford', slug: 'oxford', colour: '#00447c', description: 'Riderwear, security and luggage.' },
  { name: 'Abus', slug: 'abus', colour: '#f2b700', description: 'Security for bikes and motorcycles.' },
  { name: 'Lezyne', slug: 'lezyne', colour: '#333333', description: 'Lights and tools.' },
]

export interface ProductSeed {
  name: string
  brand: string
  category: string
  pricePence: number | null
  stock: number
  condition?: 'new' | 'used'
  featured?: boolean
  vatRate?: 20 | 5 | 0
  shortDescription: string
  attributes?: Record<string, string | number>
  vehicle?: {
    vrm?: string
    capCode?: string
    registrationDate?: string
    mileage?: number
    keepers?: number
    serviceHistory?: 'full-dealer' | 'full' | 'part' | 'none'
    financeable?: boolean
  }
  otrFeePence?: number
  ebike?: { motorPowerW?: number; assistedSpeedMph?: number; hasPedals?: boolean }
  usedBike?: Record<string, unknown>
  financeOffer?: { termInMonths: number; annualDistance: number; cashDepositPence: number }
  specSheet?: SpecSheet
  related?: string[]
  variants?: { sizes: string[]; colours: string[]; pricePence: number; outOfStock?: string[]; stockEach: number }
}

const OTR = 25_000 // £250 on-the-road: pre-delivery inspection, registration, first year's road tax

const motorcycleSpec = (engine: string, power: string, torque: string, seat: string, weight: string, fuel: string): SpecSheet => ({
  engine, power, torque, seatHeight: seat, weight, fuelCapacity: fuel,
  frame: 'Steel trellis', fork: 'Inverted telescopic fork', rearShock: 'Monoshock, preload adjustable',
  brakes: 'Twin discs front with radial calipers, single disc rear, ABS', tyres: 'Tubeless radials',
  transmission: '6-speed', clutch: 'Wet multi-plate, assist and slipper', finalDrive: 'Chain',
  fuelSystem: 'Electronic fuel injection', lights: 'Full LED', riderAids: 'ABS, traction control, ride modes',
})

const locks = ['abus-granit-x-plus-540', 'oxford-boss-chain-lock-1-5m', 'abus-bordo-6000']
const riderwearRelated = ['shoei-nxr2-helmet', 'alpinestars-smx-1-air-gloves', 'oxford-mondial-jacket']

export const PRODUCTS: ProductSeed[] = [
  // New motorcycles
  { name: 'Honda CB650R', brand: 'honda', category: 'naked', pricePence: 849_900, stock: 3, featured: true, shortDescription: 'Neo Sports Café four-cylinder roadster with E-Clutch.', attributes: { engineCc: 649, licenceCategory: 'A', modelYear: 2026 }, vehicle: { capCode: 'HOCB650R24', financeable: true }, otrFeePence: OTR, specSheet: motorcycleSpec('649cc inline four', '70 kW (95 PS)', '63 Nm', '810 mm', '203 kg', '15.4 litres'), related: [...locks, ...riderwearRelated] },
  { name: 'Honda CB125F', brand: 'honda', category: 'naked', pricePence: 339_900, stock: 6, shortDescription: 'The learner favourite: frugal, light and easy.', attributes: { engineCc: 124, licenceCategory: 'A1', modelYear: 2026 }, vehicle: { capCode: 'HOCB125F25', financeable: true }, otrFeePence: OTR, specSheet: motorcycleSpec('124cc single', '8 kW (11 PS)', '11 Nm', '789 mm', '117 kg', '11 litres'), related: locks },
  { name: 'Honda Africa Twin Adventure Sports', brand: 'honda', category: 'adventure', pricePence: 1_649_900, stock: 2, featured: true, shortDescription: 'Long-range adventure tourer with DCT option.', attributes: { engineCc: 1084, licenceCategory: 'A', modelYear: 2026 }, vehicle: { capCode: 'HOCRF1100L24', financeable: true }, otrFeePence: OTR, financeOffer: { termInMonths: 48, annualDistance: 5000, cashDepositPence: 250_000 }, specSheet: motorcycleSpec('1084cc parallel twin', '75 kW (102 PS)', '112 Nm', '850–870 mm', '243 kg', '24.8 litres'), related: [...locks, ...riderwearRelated] },
  { name: 'Honda Forza 350', brand: 'honda', category: 'scooters', pricePence: 629_900, stock: 4, shortDescription: 'Premium maxi-scooter with smart key and electric screen.', attributes: { engineCc: 330, licenceCategory: 'A2', modelYear: 2026 }, vehicle: { capCode: 'HOFORZA35024', financeable: true }, otrFeePence: OTR, specSheet: { engine: '330cc single', power: '21.5 kW (29 PS)', transmission: 'CVT automatic', seatHeight: '780 mm', weight: '184 kg', brakes: 'Disc front and rear, ABS', lights: 'Full LED' }, related: locks },
  { name: 'KTM 390 Duke', brand: 'ktm', category: 'naked', pricePence: 569_900, stock: 4, featured: true, shortDescription: 'The A2 corner rocket, all-new chassis.', attributes: { engineCc: 399, licenceCategory: 'A2', modelYear: 2026 }, vehicle: { capCode: 'KT390DUK24', financeable: true }, otrFeePence: OTR, specSheet: motorcycleSpec('399cc single', '33 kW (45 PS)', '39 Nm', '820 mm', '165 kg', '15 litres'), related: [...locks, ...riderwearRelated] },
  { name: 'KTM 890 Adventure R', brand: 'ktm', category: 'adventure', pricePence: 1_429_900, stock: 1, shortDescription: 'Rally-bred twin for serious off-road travel.', attributes: { engineCc: 889, licenceCategory: 'A', modelYear: 2026 }, vehicle: { capCode: 'KT890ADR24', financeable: true }, otrFeePence: OTR, specSheet: motorcycleSpec('889cc parallel twin', '77 kW (105 PS)', '100 Nm', '910 mm', '210 kg', '20 litres'), related: locks },
  { name: 'KTM 1390 Super Duke R', brand: 'ktm', category: 'naked', pricePence: 2_049_900, stock: 1, shortDescription: 'The Beast: 190 horsepower hyper-naked.', attributes: { engineCc: 1350, licenceCategory: 'A', modelYear: 2026 }, vehicle: { capCode: 'KT1390SDR24', financeable: true }, otrFeePence: OTR, specSheet: motorcycleSpec('1350cc V-twin', '140 kW (190 PS)', '145 Nm', '834 mm', '200 kg', '17.5 litres') },
  { name: 'Royal Enfield Classic 350', brand: 'royal-enfield', category: 'retro-and-classic', pricePence: 449_900, stock: 5, featured: true, shortDescription: 'Timeless British-Indian single for easy miles.', attributes: { engineCc: 349, licenceCategory: 'A2', modelYear: 2026 }, vehicle: { capCode: 'RECLAS35024', financeable: true }, otrFeePence: OTR, specSheet: motorcycleSpec('349cc single', '15 kW (20 PS)', '27 Nm', '805 mm', '195 kg', '13 litres'), related: riderwearRelated },
  { name: 'Royal Enfield Himalayan 450', brand: 'royal-enfield', category: 'adventure', pricePence: 589_900, stock: 3, shortDescription: 'Liquid-cooled go-anywhere adventure single.', attributes: { engineCc: 452, licenceCategory: 'A2', modelYear: 2026 }, vehicle: { capCode: 'REHIM45024', financeable: true }, otrFeePence: OTR, specSheet: motorcycleSpec('452cc single', '29 kW (40 PS)', '40 Nm', '825 mm', '196 kg', '17 litres') },
  { name: 'Royal Enfield Interceptor 650', brand: 'royal-enfield', category: 'retro-and-classic', pricePence: 649_900, stock: 2, shortDescription: 'Air-cooled parallel twin with sixties style.', attributes: { engineCc: 648, licenceCategory: 'A2', modelYear: 2026 }, vehicle: { capCode: 'REINT65024', financeable: true }, otrFeePence: OTR, specSheet: motorcycleSpec('648cc parallel twin', '35 kW (47 PS)', '52 Nm', '804 mm', '218 kg', '13.7 litres') },
  { name: 'Benelli TRK 502', brand: 'benelli', category: 'adventure', pricePence: 579_900, stock: 2, shortDescription: 'A2-friendly adventure tourer with big-bike presence.', attributes: { engineCc: 500, licenceCategory: 'A2', modelYear: 2026 }, vehicle: { capCode: 'BETRK50224', financeable: true }, otrFeePence: OTR, specSheet: motorcycleSpec('500cc parallel twin', '35 kW (48 PS)', '46 Nm', '800 mm', '235 kg', '20 litres') },
  { name: 'Benelli Leoncino 500', brand: 'benelli', category: 'retro-and-classic', pricePence: 549_900, stock: 0, shortDescription: 'Scrambler-styled twin with the lion on the mudguard.', attributes: { engineCc: 500, licenceCategory: 'A2', modelYear: 2025 }, vehicle: { capCode: 'BELEON50024', financeable: true }, otrFeePence: OTR },
  { name: 'CF Moto 700CL-X Heritage', brand: 'cf-moto', category: 'retro-and-classic', pricePence: 649_900, stock: 2, shortDescription: 'Neo-retro twin with premium finish.', attributes: { engineCc: 693, licenceCategory: 'A', modelYear: 2026 }, vehicle: { capCode: 'CF700CLX24', financeable: true }, otrFeePence: OTR, financeOffer: { termInMonths: 36, annualDistance: 4000, cashDepositPence: 0 }, specSheet: motorcycleSpec('693cc parallel twin', '55 kW (74 PS)', '68 Nm', '800 mm', '196 kg', '13 litres') },
  { name: 'CF Moto 450MT', brand: 'cf-moto', category: 'adventure', pricePence: 599_900, stock: 3, featured: true, shortDescription: 'Lightweight A2 adventure bike with 21-inch front.', attributes: { engineCc: 449, licenceCategory: 'A2', modelYear: 2026 }, vehicle: { capCode: 'CF450MT24', financeable: true }, otrFeePence: OTR, specSheet: motorcycleSpec('449cc parallel twin', '32 kW (44 PS)', '44 Nm', '820 mm', '175 kg', '17.5 litres') },
  { name: 'Moto Guzzi V7 Stone', brand: 'moto-guzzi', category: 'retro-and-classic', pricePence: 899_900, stock: 1, shortDescription: 'The shaft-driven V-twin icon.', attributes: { engineCc: 853, licenceCategory: 'A', modelYear: 2026 }, vehicle: { capCode: 'MGV7STN24', financeable: true }, otrFeePence: OTR, specSheet: { ...motorcycleSpec('853cc transverse V-twin', '48.7 kW (67 PS)', '79 Nm', '780 mm', '218 kg', '21 litres'), finalDrive: 'Shaft' } },
  { name: 'Moto Guzzi Stelvio', brand: 'moto-guzzi', category: 'adventure', pricePence: 1_599_900, stock: 1, shortDescription: 'Tourer with the new compact block V-twin.', attributes: { engineCc: 1042, licenceCategory: 'A', modelYear: 2026 }, vehicle: { capCode: 'MGSTELV24', financeable: true }, otrFeePence: OTR },
  { name: 'Gas Gas EC 300', brand: 'gas-gas', category: 'off-road', pricePence: 1_049_900, stock: 1, shortDescription: 'Two-stroke enduro weapon.', attributes: { engineCc: 299, licenceCategory: 'A', modelYear: 2026 }, vehicle: { capCode: 'GGEC30024', financeable: true }, specSheet: { engine: '299cc two-stroke single', frame: 'Chromoly steel', fork: 'WP Xact 48 mm', rearShock: 'WP Xact linkage', weight: '106 kg', transmission: '6-speed', brakes: 'Braktec discs' } },
  { name: 'Gas Gas MC 85', brand: 'gas-gas', category: 'off-road', pricePence: 599_900, stock: 2, shortDescription: 'Youth motocross bike for the next champion.', attributes: { engineCc: 85, licenceCategory: 'A', modelYear: 2026 }, vehicle: { capCode: 'GGMC8524', financeable: false } },
  { name: 'Mutt Mongrel 125', brand: 'mutt-motorcycles', category: 'retro-and-classic', pricePence: 379_900, stock: 4, shortDescription: 'Stripped-back custom 125 for learners with taste.', attributes: { engineCc: 125, licenceCategory: 'A1', modelYear: 2026 }, vehicle: { capCode: 'MUMONG12524', financeable: true }, otrFeePence: OTR },
  { name: 'Mutt RS-13 250', brand: 'mutt-motorcycles', category: 'retro-and-classic', pricePence: 429_900, stock: 2, shortDescription: 'Café-racer-styled 250 with a big-bike feel.', attributes: { engineCc: 250, licenceCategory: 'A2', modelYear: 2026 }, vehicle: { capCode: 'MURS1325024', financeable: true }, otrFeePence: OTR },
  // Used motorcycles
  { name: 'Used Honda CB500F 2021', usedBike: { make: 'HONDA', colour: 'RED', fuelType: 'PETROL', taxStatus: 'Taxed', taxDueDate: '2027-04-01', motStatus: 'Valid', motExpiryDate: '2027-03-14', motTests: DEMO_VEHICLES.WH19MOT!.tests, historyCheck: { provider: 'HPI', checkedOn: '2026-11-20', outstandingFinance: false, stolen: false } }, brand: 'honda', category: 'naked', condition: 'used', pricePence: 449_500, stock: 1, featured: true, shortDescription: 'One owner, full Honda dealer history, heated grips.', attributes: { engineCc: 471, licenceCategory: 'A2', modelYear: 2021 }, vehicle: { vrm: 'YD21 KXP', capCode: 'HOCB500F21', registrationDate: '2021-04-12', mileage: 8_420, keepers: 1, serviceHistory: 'full-dealer', financeable: true }, specSheet: motorcycleSpec('471cc parallel twin', '35 kW (48 PS)', '43 Nm', '785 mm', '189 kg', '17.1 litres'), related: locks },
  { name: 'Used KTM 790 Duke 2019', usedBike: { historyCheck: { provider: 'HPI', checkedOn: '2026-11-18', outstandingFinance: false, stolen: false, writeOffCategory: 'N' } }, brand: 'ktm', category: 'naked', condition: 'used', pricePence: 579_000, stock: 1, shortDescription: 'Quickshifter, tail tidy, new tyres.', attributes: { engineCc: 799, licenceCategory: 'A', modelYear: 2019 }, vehicle: { vrm: 'LF19 WZR', capCode: 'KT790DUK19', registrationDate: '2019-06-01', mileage: 14_950, keepers: 2, serviceHistory: 'full', financeable: true }, specSheet: motorcycleSpec('799cc parallel twin', '77 kW (105 PS)', '87 Nm', '825 mm', '187 kg', '14 litres') },
  { name: 'Used Royal Enfield Meteor 350 2022', brand: 'royal-enfield', category: 'retro-and-classic', condition: 'used', pricePence: 329_500, stock: 1, featured: true, shortDescription: 'Cruiser with Tripper navigation, one careful owner.', attributes: { engineCc: 349, licenceCategory: 'A2', modelYear: 2022 }, vehicle: { vrm: 'WM22 HBO', capCode: 'REMET35022', registrationDate: '2022-03-19', mileage: 3_210, keepers: 1, serviceHistory: 'full-dealer', financeable: true } },
  { name: 'Used Honda Africa Twin 2020', brand: 'honda', category: 'adventure', condition: 'used', pricePence: 989_500, stock: 1, shortDescription: 'DCT, crash bars, panniers, Scottoiler.', attributes: { engineCc: 1084, licenceCategory: 'A', modelYear: 2020 }, vehicle: { vrm: 'SN20 UXA', capCode: 'HOCRF1100L20', registrationDate: '2020-07-30', mileage: 21_300, keepers: 2, serviceHistory: 'full', financeable: true }, related: locks },
  { name: 'Used Moto Guzzi V85 TT 2021', brand: 'moto-guzzi', category: 'adventure', condition: 'used', pricePence: 789_500, stock: 1, shortDescription: 'Classic enduro looks, shaft drive, cruise control.', attributes: { engineCc: 853, licenceCategory: 'A', modelYear: 2021 }, vehicle: { vrm: 'BK21 RTE', capCode: 'MGV85TT21', registrationDate: '2021-05-22', mileage: 11_040, keepers: 1, serviceHistory: 'part', financeable: true } },
  { name: 'Used CF Moto 300NK 2023', brand: 'cf-moto', category: 'naked', condition: 'used', pricePence: 279_500, stock: 1, shortDescription: 'Ideal first big bike, 2,100 miles.', attributes: { engineCc: 292, licenceCategory: 'A2', modelYear: 2023 }, vehicle: { vrm: 'MA23 PLN', capCode: 'CF300NK23', registrationDate: '2023-02-28', mileage: 2_100, keepers: 1, serviceHistory: 'full-dealer', financeable: true } },
  { name: 'Used Benelli Leoncino 500 2020', brand: 'benelli', category: 'retro-and-classic', condition: 'used', pricePence: 349_500, stock: 1, shortDescription: 'Scrambler with Arrow end can.', attributes: { engineCc: 500, licenceCategory: 'A2', modelYear: 2020 }, vehicle: { vrm: 'GN70 FXD', registrationDate: '2020-09-14', mileage: 9_870, keepers: 2, serviceHistory: 'full', financeable: true } },
  { name: 'Used Peugeot Django 125 2019', brand: 'peugeot', category: 'scooters', condition: 'used', pricePence: 179_500, stock: 1, shortDescription: 'Two-tone retro scooter with top box.', attributes: { engineCc: 125, licenceCategory: 'A1', modelYear: 2019 }, vehicle: { vrm: 'HX69 TLO', registrationDate: '2019-10-03', mileage: 6_540, keepers: 2, serviceHistory: 'part', financeable: true } },
  // Scooters
  { name: 'Peugeot Django 125', brand: 'peugeot', category: 'scooters', pricePence: 329_900, stock: 5, featured: true, shortDescription: 'Neo-retro 125 scooter in two-tone paint.', attributes: { engineCc: 125, licenceCategory: 'A1', modelYear: 2026 }, vehicle: { capCode: 'PEDJAN12524', financeable: true }, otrFeePence: OTR, specSheet: { engine: '125cc single', power: '7.5 kW', transmission: 'CVT automatic', seatHeight: '770 mm', weight: '133 kg', brakes: 'Disc front and rear, ABS', lights: 'LED' } },
  { name: 'Peugeot Kisbee 50', brand: 'peugeot', category: 'scooters', pricePence: 199_900, stock: 6, shortDescription: '50cc town scooter for AM licence holders.', attributes: { engineCc: 50, licenceCategory: 'AM', modelYear: 2026 }, vehicle: { capCode: 'PEKISB5024', financeable: true }, otrFeePence: OTR },
  { name: 'Peugeot Pulsion 125', brand: 'peugeot', category: 'scooters', pricePence: 439_900, stock: 2, shortDescription: 'Premium GT scooter with connected dash.', attributes: { engineCc: 125, licenceCategory: 'A1', modelYear: 2026 }, vehicle: { capCode: 'PEPULS12524', financeable: true }, otrFeePence: OTR },
  { name: 'Honda PCX125', brand: 'honda', category: 'scooters', pricePence: 359_900, stock: 7, shortDescription: 'Britain’s favourite commuter scooter.', attributes: { engineCc: 125, licenceCategory: 'A1', modelYear: 2026 }, vehicle: { capCode: 'HOPCX12524', financeable: true }, otrFeePence: OTR },
  // Bicycles
  { name: 'Trek Domane AL 2', brand: 'trek', category: 'road', pricePence: 84_999, stock: 4, featured: true, shortDescription: 'Endurance aluminium road bike with Shimano Claris.', attributes: { frameSize: 'M', bikeType: 'road', modelYear: 2026 }, specSheet: { frame: 'Alpha 100 aluminium', fork: 'Carbon blades', brakes: 'Tektro mechanical disc', shifters: 'Shimano Claris', rearDerailleur: 'Shimano Claris', cassette: '11-34, 8-speed', chain: 'KMC X8', crankset: 'Shimano Claris 50/34', wheels: 'Bontrager alloy', tyres: 'Bontrager 32c', saddle: 'Bontrager Verse', handlebar: 'Bontrager alloy, 31.8 mm', weight: '10.2 kg' }, related: ['abus-bordo-6000', 'lezyne-lite-drive-1000xl'] },
  { name: 'Trek Marlin 7', brand: 'trek', category: 'mountain', pricePence: 99_999, stock: 3, shortDescription: 'Trail-ready hardtail with air fork and 1x12.', attributes: { frameSize: 'L', bikeType: 'mountain', modelYear: 2026 }, specSheet: { frame: 'Alpha Silver aluminium', fork: 'RockShox Judy, 100 mm', brakes: 'Shimano hydraulic disc', shifters: 'Shimano Deore', rearDerailleur: 'Shimano Deore', cassette: '10-51, 12-speed', chain: 'Shimano', crankset: 'Prowheel 30T', wheels: 'Bontrager Kovee', tyres: 'Bontrager XR2 2.4"', weight: '14.2 kg' }, related: ['lezyne-lite-drive-1000xl'] },
  { name: 'Trek FX 2', brand: 'trek', category: 'hybrid-and-city', pricePence: 74_999, stock: 6, shortDescription: 'Fast, light fitness hybrid.', attributes: { frameSize: 'M', bikeType: 'hybrid', modelYear: 2026 }, specSheet: { frame: 'Alpha Gold aluminium', fork: 'Carbon', brakes: 'Shimano hydraulic disc', shifters: 'Shimano Acera', cassette: '11-36, 9-speed', tyres: 'Bontrager 35c' } },
  { name: 'Cube Attain Race', brand: 'cube', category: 'road', pricePence: 109_900, stock: 2, shortDescription: 'Shimano 105 endurance road bike.', attributes: { frameSize: 'L', bikeType: 'road', modelYear: 2026 }, specSheet: { frame: 'Aluminium Superlite', fork: 'Carbon', brakes: 'Shimano 105 hydraulic disc', shifters: 'Shimano 105', rearDerailleur: 'Shimano 105', cassette: '11-34, 12-speed', crankset: 'Shimano 105 50/34' } },
  { name: 'Cube Aim Pro', brand: 'cube', category: 'mountain', pricePence: 59_900, stock: 5, shortDescription: 'Entry hardtail with hydraulic discs.', attributes: { frameSize: 'M', bikeType: 'mountain', modelYear: 2026 }, specSheet: { frame: 'Aluminium Lite', fork: 'SR Suntour XCT, 100 mm', brakes: 'Shimano MT200 hydraulic disc', shifters: 'Shimano Altus', tyres: 'Schwalbe Smart Sam 2.25"' } },
  { name: 'Brompton C Line Explore', brand: 'brompton', category: 'hybrid-and-city', pricePence: 154_500, stock: 2, featured: true, shortDescription: 'The six-speed folding bike that goes anywhere.', attributes: { frameSize: 'M', bikeType: 'folding', modelYear: 2026 }, specSheet: { frame: 'Steel, folding', handlebar: 'Mid', brakes: 'Dual pivot rim', shifters: '6-speed (3 hub × 2 derailleur)', wheels: '16 inch', weight: '11.8 kg', lights: 'Optional' } },
  { name: 'Raleigh Pioneer', brand: 'raleigh', category: 'hybrid-and-city', pricePence: 39_999, stock: 8, shortDescription: 'Comfortable hybrid for everyday rides.', attributes: { frameSize: 'L', bikeType: 'hybrid', modelYear: 2026 }, specSheet: { frame: 'Aluminium', fork: 'Suspension, 63 mm', brakes: 'V-brakes', shifters: 'Shimano Tourney 21-speed' } },
  { name: 'Raleigh Krush 20', brand: 'raleigh', category: 'kids', pricePence: 24_999, stock: 5, vatRate: 0, shortDescription: 'Kids’ mountain bike for ages 6 to 9 (zero-rated).', attributes: { frameSize: 'Kids', bikeType: 'kids', modelYear: 2026 }, specSheet: { frame: 'Aluminium', wheels: '20 inch', brakes: 'V-brakes', shifters: '6-speed twist' } },
  // Electric bikes
  { name: 'Cube Stereo Hybrid 140 HPC', ebike: { motorPowerW: 250, assistedSpeedMph: 15.5 }, brand: 'cube', category: 'e-mtb', pricePence: 529_900, stock: 2, featured: true, shortDescription: 'Carbon full-suspension e-MTB with Bosch CX.', attributes: { frameSize: 'L', bikeType: 'mountain', batteryRangeMiles: 75, modelYear: 2026 }, vehicle: { financeable: true, capCode: 'CUSTH140HPC26' }, specSheet: { frame: 'C:62 carbon, 140 mm', fork: 'Fox 36 Rhythm, 150 mm', rearShock: 'Fox Float X', brakes: 'Magura MT5 four-piston', motor: 'Bosch Performance Line CX, 85 Nm', battery: 'Bosch PowerTube 750 Wh', charger: 'Bosch 4A', display: 'Bosch Kiox 300', assistModes: 'Eco, Tour+, eMTB, Turbo', range: 'Up to 75 miles', weight: '24.9 kg', tyres: 'Schwalbe Nobby Nic 2.6"' }, related: ['abus-granit-x-plus-540', 'lezyne-lite-drive-1000xl'] },
  { name: 'Trek Rail+ 5', ebike: { motorPowerW: 250, assistedSpeedMph: 15.5 }, brand: 'trek', category: 'e-mtb', pricePence: 449_900, stock: 1, shortDescription: 'Aluminium e-MTB with 800 Wh battery.', attributes: { frameSize: 'M', bikeType: 'mountain', batteryRangeMiles: 80, modelYear: 2026 }, vehicle: { financeable: true, capCode: 'TRRAIL5P26' }, specSheet: { frame: 'Alpha Platinum aluminium, 150 mm', fork: 'RockShox Psylo, 160 mm', motor: 'Bosch Performance Line CX', battery: 'Bosch PowerTube 800 Wh', range: 'Up to 80 miles', brakes: 'SRAM DB8', weight: '25.6 kg' } },
  { name: 'Cube Kathmandu Hybrid One 625', ebike: { motorPowerW: 250, assistedSpeedMph: 15.5 }, brand: 'cube', category: 'e-city', pricePence: 299_900, stock: 3, featured: true, shortDescription: 'Trekking e-bike with lights, rack and guards.', attributes: { frameSize: 'M', bikeType: 'hybrid', batteryRangeMiles: 70, modelYear: 2026 }, vehicle: { financeable: true, capCode: 'CUKATH62526' }, specSheet: { frame: 'Aluminium Lite', fork: 'SR Suntour Mobie, 63 mm', motor: 'Bosch Performance Line, 75 Nm', battery: 'Bosch PowerTube 625 Wh', display: 'Bosch Purion 200', assistModes: 'Eco, Tour, Sport, Turbo', range: 'Up to 70 miles', lights: 'Supernova integrated', brakes: 'Shimano hydraulic disc' }, related: ['abus-bordo-6000'] },
  { name: 'Trek Allant+ 7', ebike: { motorPowerW: 250, assistedSpeedMph: 15.5 }, brand: 'trek', category: 'e-city', pricePence: 379_900, stock: 2, shortDescription: 'Class-leading commuter e-bike.', attributes: { frameSize: 'L', bikeType: 'city', batteryRangeMiles: 65, modelYear: 2026 }, vehicle: { financeable: true, capCode: 'TRALLP726' }, specSheet: { motor: 'Bosch Performance Line', battery: 'Bosch PowerTube 625 Wh', range: 'Up to 65 miles', lights: 'Integrated front and rear', brakes: 'Shimano hydraulic disc' } },
  { name: 'Brompton Electric C Line', ebike: { motorPowerW: 250, assistedSpeedMph: 15.5 }, brand: 'brompton', category: 'e-city', pricePence: 314_500, stock: 2, shortDescription: 'Folding e-bike, 20 to 45 miles of range.', attributes: { frameSize: 'M', bikeType: 'folding', batteryRangeMiles: 45, modelYear: 2026 }, vehicle: { financeable: true, capCode: 'BRELECC26' }, specSheet: { frame: 'Steel, folding', motor: 'Front hub, 250 W', battery: '300 Wh, removable bag', range: '20 to 45 miles', weight: '16.6 kg', wheels: '16 inch' } },
  { name: 'Raleigh Motus Grand Tour', ebike: { motorPowerW: 250, assistedSpeedMph: 15.5 }, brand: 'raleigh', category: 'e-city', pricePence: 229_900, stock: 0, shortDescription: 'Low-step hub-gear e-bike for easy riding.', attributes: { frameSize: 'M', bikeType: 'city', batteryRangeMiles: 60, modelYear: 2025 }, vehicle: { financeable: true, capCode: 'RAMOTUSGT25' }, specSheet: { motor: 'Bosch Active Line Plus', battery: '500 Wh', range: 'Up to 60 miles', shifters: 'Shimano Nexus 8 hub' } },
  { name: 'Cube Reaction Hybrid Pro 500', ebike: { motorPowerW: 250, assistedSpeedMph: 15.5 }, brand: 'cube', category: 'e-mtb', pricePence: 229_900, stock: 4, shortDescription: 'Hardtail e-MTB for trail and towpath.', attributes: { frameSize: 'XL', bikeType: 'mountain', batteryRangeMiles: 55, modelYear: 2026 }, vehicle: { financeable: true, capCode: 'CUREACP50026' }, specSheet: { motor: 'Bosch Performance Line', battery: 'Bosch PowerTube 500 Wh', range: 'Up to 55 miles', fork: 'RockShox Judy, 120 mm' } },
  // Riderwear (variable)
  { name: 'Shoei NXR2 Helmet', brand: 'shoei', category: 'helmets', pricePence: 53_999, stock: 0, featured: true, shortDescription: 'Light, quiet ECE 22.06 sports-touring full face.', variants: { sizes: ['XS', 'S', 'M', 'L', 'XL'], colours: ['Matt Black', 'White'], pricePence: 53_999, outOfStock: ['XS/White', 'XL/Matt Black'], stockEach: 3 } },
  { name: 'Oxford Mondial Jacket', brand: 'oxford', category: 'jackets', pricePence: 19_999, stock: 0, shortDescription: 'Waterproof laminated textile jacket with CE armour.', variants: { sizes: ['S', 'M', 'L', 'XL', 'XXL'], colours: ['Black', 'Tech Grey'], pricePence: 19_999, outOfStock: ['S/Tech Grey', 'XXL/Black'], stockEach: 2 } },
  { name: 'Alpinestars SMX-1 Air Gloves', brand: 'alpinestars', category: 'gloves', pricePence: 6_995, stock: 0, shortDescription: 'Vented summer gloves with knuckle protection.', variants: { sizes: ['S', 'M', 'L', 'XL'], colours: ['Black', 'Black/Red'], pricePence: 6_995, outOfStock: ['S/Black/Red'], stockEach: 4 } },
  { name: 'Alpinestars T-GP Plus R v4 Jacket', brand: 'alpinestars', category: 'jackets', pricePence: 25_995, stock: 0, shortDescription: 'Sporty textile jacket with back protector pocket.', variants: { sizes: ['M', 'L', 'XL'], colours: ['Black', 'Black/White'], pricePence: 25_995, outOfStock: ['M/Black/White'], stockEach: 2 } },
  { name: 'Oxford Montreal 4.0 Gloves', brand: 'oxford', category: 'gloves', pricePence: 5_999, stock: 0, shortDescription: 'Dry2Dry waterproof winter gloves.', variants: { sizes: ['S', 'M', 'L', 'XL'], colours: ['Black'], pricePence: 5_999, stockEach: 5 } },
  { name: 'Shoei Glamster 06 Helmet', brand: 'shoei', category: 'helmets', pricePence: 47_999, stock: 0, shortDescription: 'Retro full face for café racers.', variants: { sizes: ['S', 'M', 'L'], colours: ['Basalt Grey', 'Off White'], pricePence: 47_999, outOfStock: ['S/Off White', 'L/Basalt Grey'], stockEach: 2 } },
  { name: 'Kids Cycle Helmet', brand: 'oxford', category: 'helmets', pricePence: 2_999, stock: 0, vatRate: 0, shortDescription: 'Children’s cycle helmet (zero-rated).', variants: { sizes: ['XS', 'S'], colours: ['Blue', 'Pink'], pricePence: 2_999, stockEach: 6 } },
  { name: 'Alpinestars Tech-Air Vest', brand: 'alpinestars', category: 'jackets', pricePence: null, stock: 1, shortDescription: 'Airbag vest, price on application: ask in store.' },
  // Accessories
  { name: 'Abus Granit X-Plus 540', brand: 'abus', category: 'locks', pricePence: 11_999, stock: 10, featured: true, shortDescription: 'Sold Secure Gold D-lock for bicycles and e-bikes.' },
  { name: 'Abus Bordo 6000', brand: 'abus', category: 'locks', pricePence: 9_499, stock: 8, shortDescription: 'Folding lock with bracket, Sold Secure Silver.' },
  { name: 'Oxford Boss Chain Lock 1.5m', brand: 'oxford', category: 'locks', pricePence: 12_999, stock: 6, shortDescription: '16 mm chain and padlock, Sold Secure Motorcycle Gold.' },
  { name: 'Oxford Ground Anchor', brand: 'oxford', category: 'locks', pricePence: 4_499, stock: 2, shortDescription: 'Bolt-down anchor for garage security.' },
  { name: 'Lezyne Lite Drive 1000XL', brand: 'lezyne', category: 'lights', pricePence: 6_999, stock: 12, shortDescription: '1000-lumen USB-C rechargeable front light.' },
  { name: 'Lezyne Strip Drive Pro Rear', brand: 'lezyne', category: 'lights', pricePence: 3_999, stock: 9, shortDescription: '300-lumen rear light, visible from 500 m.' },
  { name: 'Oxford Aqua T-30 Tail Pack', brand: 'oxford', category: 'luggage', pricePence: 7_999, stock: 4, shortDescription: 'Waterproof roll-top tail pack, 30 litres.' },
  { name: 'Oxford Pannier Bags Pair', brand: 'oxford', category: 'luggage', pricePence: 5_499, stock: 5, shortDescription: 'Cycle panniers with quick-release hooks.' },
  { name: 'Motorcycle Disc Lock with Alarm', brand: 'oxford', category: 'locks', pricePence: 5_999, stock: 7, shortDescription: '110 dB alarmed disc lock.' },
  { name: 'Abus Tec-Tube Helmet Lock', brand: 'abus', category: 'locks', pricePence: 1_999, stock: 1, shortDescription: 'Secure your helmet to the bike.' },
]

export const PAGES: { title: string; slug: string; intro: string; paragraphs: string[] }[] = [
  {
    title: 'Accessibility statement',
    slug: 'accessibility',
    intro: 'We want everyone to be able to choose, buy and book with us. This shop aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.',
    paragraphs: [
      'How we test: every page our automated browser tests open (the home page, listings, product pages, search, basket, checkout, accounts, bookings, reservations and finance) is checked with axe-core against its WCAG 2.0, 2.1 and 2.2 A and AA rules, on a desktop window and a phone-sized one (412 by 900 pixels). A page with any violation fails the build.',
      'Colour contrast: where axe cannot decide a contrast (text over a picture or a gradient), the test fails unless a person has looked at it and written down why it is fine. A check of our own also fails any visible button or link whose text is the colour of the background behind it.',
      'Results: the current build passes these checks on every page they cover. Automated checks find only some problems; pages of the admin used by our staff are not covered, and PDF documents from lenders are theirs.',
      'The mileage chart on a used bike’s page is drawn without JavaScript and is described in words, and every reading is also in the MOT table beside it.',
      'Reporting a problem: if something on this site is hard to use, tell us by phone or email using the details at the foot of every page, or in the shop. Say which page and what happened; we reply within five working days and will help you complete your purchase or booking another way meanwhile.',
      'If you are not happy with our reply, you can contact the Equality Advisory and Support Service (EASS).',
    ],
  },
  { title: 'About us', slug: 'about', intro: 'Wheelhouse is an independent dealership for motorcycles, scooters, bicycles and e-bikes.', paragraphs: ['We have been putting people on two wheels since 1998, from first 125s to round-the-world adventure bikes.', 'Our workshop services bicycles and motorcycles of every make, and our showroom holds over a hundred new and used bikes.'] },
  { title: 'Delivery', slug: 'delivery', intro: 'How we get your order to you.', paragraphs: ['Riderwear and accessories go by tracked courier to UK mainland addresses, usually within two working days.', 'Bicycles and e-bikes are built, checked and either collected from our shop or delivered by our own van.', 'Motorcycles and scooters are prepared in our workshop, registered and handed over at the shop, or delivered by arrangement.'] },
  { title: 'Returns and cancellation', slug: 'returns', intro: 'Your right to cancel and how returns work.', paragraphs: [`Under the Consumer Contracts Regulations you may cancel an online order within ${CANCELLATION_DAYS} days of receiving the goods, without giving a reason.`, `Tell us you wish to cancel by email or phone; return the goods within ${RETURN_DAYS} days of telling us. We refund within ${REFUND_DAYS} days of receiving them, including standard delivery costs.`, 'Registered vehicles may be cancelled before registration; once registered, a deduction for the loss in value may apply.'] },
  { title: 'Finance', slug: 'finance', intro: 'Spread the cost of a bike with hire purchase or PCP.', paragraphs: ['We are a credit broker, not a lender, and work with a panel of lenders to find you a quote.', 'Finance is subject to status, available to UK residents aged 18 and over. Representative examples are shown with every quote.'] },
  { title: 'Privacy notice', slug: 'privacy', intro: 'How we use your personal data.', paragraphs: ['We use your details to process orders, arrange finance you ask for and meet our legal duties. We never sell your data.', 'You can ask for a copy of your data, or for it to be corrected or deleted, by writing to us.'] },
  { title: 'Cookies', slug: 'cookies', intro: 'The cookies we use and your choices.', paragraphs: ['Essential cookies keep your basket and sign-in working. Analytics cookies are only set if you accept them.', 'You can change your choice at any time from the link in the footer.'] },
  { title: 'Terms and conditions', slug: 'terms', intro: 'The terms on which we sell to you.', paragraphs: ['These terms apply to orders placed on this website by consumers in the United Kingdom.', 'Prices include VAT at the current rate. A contract is formed when we confirm your order by email.'] },
]

export const POSTS: { title: string; slug: string; excerpt: string; paragraphs: string[]; publishedAt: string }[] = [
  { title: 'Choosing your first motorcycle after CBT', slug: 'first-motorcycle-after-cbt', publishedAt: '2026-10-28T09:00:00Z', excerpt: 'A1, A2 or straight to A? What your licence lets you ride and the bikes we recommend.', paragraphs: ['Your CBT lets you ride a 125 on L plates for two years. The A1 licence removes the L plates; A2 takes you to 35 kW.', 'For most new riders an A2 bike such as the KTM 390 Duke or Royal Enfield Himalayan is the sweet spot.'] },
  { title: 'E-bike batteries: getting the most range', slug: 'e-bike-battery-range', publishedAt: '2026-10-14T09:00:00Z', excerpt: 'Tyre pressure, assist modes and winter storage all change how far you go.', paragraphs: ['Range depends on rider weight, terrain, assist level and temperature as much as on battery size.', 'Store batteries indoors at 30 to 60 percent charge through the winter.'] },
  { title: 'Winter riding kit checklist', slug: 'winter-riding-kit', publishedAt: '2026-09-30T09:00:00Z', excerpt: 'Stay warm, dry and visible when the clocks go back.', paragraphs: ['Layering beats bulk: a thermal base layer, a windproof mid layer and a waterproof outer.', 'Heated grips and a good pair of waterproof gloves transform winter commuting.'] },
  { title: 'How motorcycle finance works: HP and PCP explained', slug: 'motorcycle-finance-explained', publishedAt: '2026-09-12T09:00:00Z', excerpt: 'Hire purchase or PCP? What the balloon payment is and how to compare quotes.', paragraphs: ['With hire purchase you pay the whole price over the term and own the bike at the end.', 'With PCP the monthly payments are lower because a guaranteed future value is deferred to the end.'] },
  { title: 'Bike security: locks that insurers trust', slug: 'bike-security-locks', publishedAt: '2026-08-25T09:00:00Z', excerpt: 'Sold Secure ratings explained, and how to lock a bike properly.', paragraphs: ['Sold Secure Gold locks are what most insurers ask for on bikes above £1,000.', 'Lock the frame to something immovable, and fill the D-lock so there is no room for a jack.'] },
  { title: 'Spring service: what we check', slug: 'spring-service-checklist', publishedAt: '2026-08-05T09:00:00Z', excerpt: 'From chain wear to brake fluid, the checks in our spring service.', paragraphs: ['Our workshop checks chain wear, brake pads and fluid, tyre condition and bearing play.', 'Book early: spring is our busiest season. Book your service online on our Bicycle services page (in the menu) and choose the day you drop your bike off.'] },
]

/** Old numeric product ids of the previous site (spec §2): about 120, mapped in order onto the demo products. */
export const LEGACY_PRODUCT_IDS: number[] = Array.from({ length: 120 }, (_, i) => 1000 + i * 7)

export const LEGACY_BRAND_PATHS = ['benelli', 'cf-moto', 'gas-gas', 'honda', 'ktm', 'moto-guzzi', 'mutt-motorcycles', 'peugeot', 'royal-enfield']

export const LEGACY_CATEGORY_PATHS = [
  '/all-bikes/new/motorcycles',
  '/all-bikes/new/scooters',
  '/all-bikes/new/adventure',
  '/all-bikes/new/naked',
  '/all-bikes/new/retro',
  '/all-bikes/new/off-road',
  '/all-bikes/used/motorcycles',
  '/all-bikes/used/scooters',
  '/all-bikes/used/adventure',
  '/all-bikes/used/naked',
  '/all-bikes/used/retro',
  '/all-bikes/used/off-road',
]

export const SITE_SETTINGS = {
  dealerName: 'Wheelhouse Motorcycles & Cycles',
  address: { line1: 'Unit 4, Riverside Trade Park', line2: 'Mill Lane', town: 'Leeds', county: 'West Yorkshire', postcode: 'LS10 1AB', country: 'GB' },
  phone: '0113 496 0000',
  email: 'hello@wheelhouse.example',
  openingHours: [
    { day: 'Monday' as const, opens: '09:00', closes: '17:30', closed: false },
    { day: 'Tuesday' as const, opens: '09:00', closes: '17:30', closed: false },
    { day: 'Wednesday' as const, opens: '09:00', closes: '17:30', closed: false },
    { day: 'Thursday' as const, opens: '09:00', closes: '19:00', closed: false },
    { day: 'Friday' as const, opens: '09:00', closes: '17:30', closed: false },
    { day: 'Saturday' as const, opens: '09:00', closes: '17:00', closed: false },
    { day: 'Sunday' as const, opens: null, closes: null, closed: true },
  ],
  // UK bank holidays the shop closes on (Boxing Day 2026 falls on a Saturday: the substitute day is Monday 28th).
  closures: [
    { day: '2026-12-25', reason: 'Christmas Day' },
    { day: '2026-12-28', reason: 'Boxing Day (substitute day)' },
    { day: '2027-01-01', reason: 'New Year’s Day' },
    { day: '2027-03-26', reason: 'Good Friday' },
    { day: '2027-03-29', reason: 'Easter Monday' },
    { day: '2027-05-03', reason: 'Early May bank holiday' },
    { day: '2027-05-31', reason: 'Spring bank holiday' },
    { day: '2027-08-30', reason: 'Summer bank holiday' },
  ],
  workshop: {
    mechanics: 2,
    hoursPerMechanic: 8,
    productivePercent: 80,
    openDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as ('Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday')[],
    leadDays: 1,
    horizonDays: 60,
    changeCutoffHours: 24,
    collectionDays: 5,
  },
  testRides: {
    openDays: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as ('Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday')[],
    windows: [{ starts: '10:00', minutes: 60 }, { starts: '11:30', minutes: 60 }, { starts: '14:00', minutes: 60 }, { starts: '15:30', minutes: 60 }],
    leadDays: 1,
    horizonDays: 30,
    changeCutoffHours: 2,
    allowCbtOn125: false,
    excessPence: 50_000,
  },
  finance: {
    fcaFirmReference: '999999',
    brokerStatement: 'Wheelhouse Motorcycles & Cycles Ltd is a credit broker, not a lender, and is authorised and regulated by the Financial Conduct Authority. We work with a limited panel of lenders.',
    commissionDisclosure: 'We may receive a commission from the lender for introducing you; the amount can vary by lender and product and does not change the rate you pay. Ask us for details.',
  },
}

/** Power (kW) and weight (kg) of the motorcycles and scooters, for the test-ride licence check (manufacturers' figures). */
export const TEST_RIDE_FACTS: Record<string, { powerKw: number; weightKg: number; restrictedFromKw?: number }> = {
  'Honda CB650R': { powerKw: 70, weightKg: 203 },
  'Honda CB125F': { powerKw: 8, weightKg: 117 },
  'Honda Africa Twin Adventure Sports': { powerKw: 75, weightKg: 243 },
  'Honda Forza 350': { powerKw: 21.5, weightKg: 184 },
  'KTM 390 Duke': { powerKw: 33, weightKg: 165 },
  'KTM 890 Adventure R': { powerKw: 77, weightKg: 210 },
  'KTM 1390 Super Duke R': { powerKw: 140, weightKg: 200 },
  'Royal Enfield Classic 350': { powerKw: 15, weightKg: 195 },
  'Royal Enfield Himalayan 450': { powerKw: 29, weightKg: 196 },
  'Royal Enfield Interceptor 650': { powerKw: 35, weightKg: 218 },
  'Benelli TRK 502': { powerKw: 35, weightKg: 235 },
  'Benelli Leoncino 500': { powerKw: 35, weightKg: 207 },
  'CF Moto 700CL-X Heritage': { powerKw: 55, weightKg: 196 },
  'CF Moto 450MT': { powerKw: 32, weightKg: 175 },
  'Moto Guzzi V7 Stone': { powerKw: 48.7, weightKg: 218 },
  'Moto Guzzi Stelvio': { powerKw: 84.6, weightKg: 246 },
  'Gas Gas EC 300': { powerKw: 40, weightKg: 106 },
  'Gas Gas MC 85': { powerKw: 14, weightKg: 74 },
  'Mutt Mongrel 125': { powerKw: 8.3, weightKg: 137 },
  'Mutt RS-13 250': { powerKw: 13.5, weightKg: 150 },
  'Used Honda CB500F 2021': { powerKw: 35, weightKg: 189 },
  'Used KTM 790 Duke 2019': { powerKw: 77, weightKg: 187 },
  'Used Royal Enfield Meteor 350 2022': { powerKw: 15, weightKg: 191 },
  'Used Honda Africa Twin 2020': { powerKw: 75, weightKg: 238 },
  'Used Moto Guzzi V85 TT 2021': { powerKw: 56, weightKg: 229 },
  'Used CF Moto 300NK 2023': { powerKw: 21, weightKg: 151 },
  'Used Benelli Leoncino 500 2020': { powerKw: 35, weightKg: 207 },
  'Used Peugeot Django 125 2019': { powerKw: 7.5, weightKg: 133 },
  'Peugeot Django 125': { powerKw: 7.5, weightKg: 133 },
  'Peugeot Kisbee 50': { powerKw: 2.2, weightKg: 90 },
  'Peugeot Pulsion 125': { powerKw: 10.5, weightKg: 158 },
  'Honda PCX125': { powerKw: 9.2, weightKg: 132 },
}
