// The registrations the built-in vehicle sources know: a few demo bikes with fixed answers, so the admin's lookup,
// the MOT history on a product page and "Value my bike" work offline and every test sees the same facts.
import type { MotTest, VehicleRecord } from './vehicle-data-source'

interface DemoVehicle {
  readonly vehicle: Omit<VehicleRecord, 'registration'>
  readonly tests: readonly MotTest[]
}

const pass = (date: string, odometerMiles: number | null, advisories: readonly string[] = []): MotTest => ({
  date,
  result: 'PASSED',
  odometerMiles,
  expiryDate: `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`,
  defects: advisories.map((text) => ({ type: 'ADVISORY' as const, text })),
})

const fail = (date: string, odometerMiles: number | null, defects: readonly string[]): MotTest => ({
  date,
  result: 'FAILED',
  odometerMiles,
  expiryDate: null,
  defects: defects.map((text) => ({ type: 'MAJOR' as const, text })),
})

export const DEMO_VEHICLES: Readonly<Record<string, DemoVehicle>> = {
  // A well-kept commuter: a steady mileage, one failed test put right the same day.
  WH19MOT: {
    vehicle: { make: 'HONDA', colour: 'RED', engineCc: 471, yearOfManufacture: 2019, fuelType: 'PETROL', taxStatus: 'Taxed', taxDueDate: '2027-04-01', motStatus: 'Valid', motExpiryDate: '2027-03-14' },
    tests: [
      pass('2026-03-15', 18_420, ['Front brake pads wearing thin']),
      pass('2025-03-12', 14_105),
      pass('2024-03-10', 9_870, ['Rear tyre slightly worn close to legal limit']),
      pass('2023-03-08', 5_212),
      fail('2023-03-08', 5_210, ['Headlamp aim too high']),
      pass('2022-03-09', 1_940),
    ],
  },
  // A repaired write-off (its history check says Cat N): tested twice since.
  WH21CAT: {
    vehicle: { make: 'YAMAHA', colour: 'BLUE', engineCc: 689, yearOfManufacture: 2021, fuelType: 'PETROL', taxStatus: 'Taxed', taxDueDate: '2026-12-01', motStatus: 'Valid', motExpiryDate: '2027-05-02' },
    tests: [pass('2026-05-03', 9_850, ['Chain and sprockets worn']), pass('2025-05-01', 6_120), pass('2024-04-28', 2_730)],
  },
  // A reading lower than the one before: the odometer was changed or wound back, and staff must look before publishing.
  WH17CLK: {
    vehicle: { make: 'TRIUMPH', colour: 'BLACK', engineCc: 765, yearOfManufacture: 2017, fuelType: 'PETROL', taxStatus: 'Untaxed', taxDueDate: '2026-02-01', motStatus: 'Not valid', motExpiryDate: '2026-01-20' },
    tests: [pass('2025-01-21', 12_300), pass('2024-01-18', 21_560), pass('2023-01-19', 17_040), pass('2022-01-20', 11_800), pass('2021-01-22', 6_400)],
  },
  // A scooter too new for its first MOT.
  WH25NEW: {
    vehicle: { make: 'PIAGGIO', colour: 'WHITE', engineCc: 125, yearOfManufacture: 2025, fuelType: 'PETROL', taxStatus: 'Taxed', taxDueDate: '2027-01-01', motStatus: 'No results returned', motExpiryDate: null },
    tests: [],
  },
}

export const DEMO_REGISTRATIONS = Object.keys(DEMO_VEHICLES)
