// The spec sheet's 41 labelled parts (spec §3), one list for motorcycles, scooters, bicycles and e-bikes.
// The CMS builds its fields from this list and the product page renders filled rows in this order,
// so adding or renaming a part happens here and nowhere else (plus a migration for the new column).

export const SPEC_SHEET_PARTS = [
  // Chassis, shared by every kind of bike
  { key: 'frame', label: 'Frame', group: 'chassis' },
  { key: 'fork', label: 'Fork', group: 'chassis' },
  { key: 'rearShock', label: 'Rear shock', group: 'chassis' },
  { key: 'headset', label: 'Headset', group: 'chassis' },
  { key: 'handlebar', label: 'Handlebar', group: 'chassis' },
  { key: 'stem', label: 'Stem', group: 'chassis' },
  { key: 'grips', label: 'Grips', group: 'chassis' },
  { key: 'saddle', label: 'Saddle / seat', group: 'chassis' },
  { key: 'seatpost', label: 'Seatpost', group: 'chassis' },
  { key: 'seatHeight', label: 'Seat height', group: 'chassis' },
  { key: 'weight', label: 'Weight', group: 'chassis' },
  // Brakes, wheels and tyres
  { key: 'brakes', label: 'Brakes', group: 'wheels' },
  { key: 'brakeRotors', label: 'Brake rotors', group: 'wheels' },
  { key: 'wheels', label: 'Wheels', group: 'wheels' },
  { key: 'hubs', label: 'Hubs', group: 'wheels' },
  { key: 'tyres', label: 'Tyres', group: 'wheels' },
  // Bicycle drivetrain
  { key: 'shifters', label: 'Shifters', group: 'drivetrain' },
  { key: 'frontDerailleur', label: 'Front derailleur', group: 'drivetrain' },
  { key: 'rearDerailleur', label: 'Rear derailleur', group: 'drivetrain' },
  { key: 'cassette', label: 'Cassette', group: 'drivetrain' },
  { key: 'chain', label: 'Chain', group: 'drivetrain' },
  { key: 'crankset', label: 'Crankset', group: 'drivetrain' },
  { key: 'bottomBracket', label: 'Bottom bracket', group: 'drivetrain' },
  { key: 'pedals', label: 'Pedals', group: 'drivetrain' },
  // Electric assistance
  { key: 'motor', label: 'Motor', group: 'electric' },
  { key: 'battery', label: 'Battery', group: 'electric' },
  { key: 'charger', label: 'Charger', group: 'electric' },
  { key: 'display', label: 'Display', group: 'electric' },
  { key: 'assistModes', label: 'Assist modes', group: 'electric' },
  { key: 'range', label: 'Range', group: 'electric' },
  // Motorcycle and scooter powertrain
  { key: 'engine', label: 'Engine', group: 'powertrain' },
  { key: 'power', label: 'Power', group: 'powertrain' },
  { key: 'torque', label: 'Torque', group: 'powertrain' },
  { key: 'transmission', label: 'Transmission', group: 'powertrain' },
  { key: 'clutch', label: 'Clutch', group: 'powertrain' },
  { key: 'finalDrive', label: 'Final drive', group: 'powertrain' },
  { key: 'fuelSystem', label: 'Fuel system', group: 'powertrain' },
  { key: 'fuelCapacity', label: 'Fuel capacity', group: 'powertrain' },
  { key: 'exhaust', label: 'Exhaust', group: 'powertrain' },
  // Equipment
  { key: 'lights', label: 'Lights', group: 'equipment' },
  { key: 'riderAids', label: 'Rider aids', group: 'equipment' },
] as const

export type SpecSheetKey = (typeof SPEC_SHEET_PARTS)[number]['key']
export type SpecSheet = Partial<Record<SpecSheetKey, string | null>>

/** The filled rows of a spec sheet, in the fixed order, for display. */
export function filledSpecRows(sheet: SpecSheet | null | undefined): { key: SpecSheetKey; label: string; value: string }[] {
  if (!sheet) return []
  const rows: { key: SpecSheetKey; label: string; value: string }[] = []
  for (const part of SPEC_SHEET_PARTS) {
    const value = sheet[part.key]?.trim()
    if (value) rows.push({ key: part.key, label: part.label, value })
  }
  return rows
}
