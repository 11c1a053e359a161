// What an MOT history says about a bike's mileage: its readings in time order, any reading lower than an earlier
// one (the odometer changed or wound back, which staff must look into before the bike is published), and the
// geometry of the small mileage chart the product page draws as SVG.

export interface MileageTest {
  /** ISO date */
  readonly date: string
  readonly odometerMiles: number | null
}

export interface MileagePoint {
  readonly date: string
  readonly miles: number
}

export interface MileageDrop {
  readonly date: string
  readonly miles: number
  /** The highest earlier reading it is below. */
  readonly earlierDate: string
  readonly earlierMiles: number
}

/** Readings oldest first; tests without one (unreadable, no odometer) are left out. Same-day tests keep their order. */
export function mileageReadings(tests: readonly MileageTest[]): MileagePoint[] {
  return tests
    .flatMap((t, index) => (t.odometerMiles === null ? [] : [{ date: t.date, miles: t.odometerMiles, index }]))
    .sort((a, b) => (a.date === b.date ? b.index - a.index : a.date < b.date ? -1 : 1))
    .map(({ date, miles }) => ({ date, miles }))
}

/**
 * Each reading lower than the highest before it. A retest the same day a couple of miles lower is the same ride
 * written twice, not a wound-back clock: readings within SAME_DAY_TOLERANCE of a same-day one are not flagged.
 */
export const SAME_DAY_TOLERANCE = 10
export function mileageDrops(tests: readonly MileageTest[]): MileageDrop[] {
  const drops: MileageDrop[] = []
  let highest: MileagePoint | null = null
  for (const point of mileageReadings(tests)) {
    if (highest && point.miles < highest.miles && !(point.date === highest.date && highest.miles - point.miles <= SAME_DAY_TOLERANCE)) {
      drops.push({ date: point.date, miles: point.miles, earlierDate: highest.date, earlierMiles: highest.miles })
    }
    if (!highest || point.miles > highest.miles) highest = point
  }
  return drops
}

export interface ChartGeometry {
  readonly width: number
  readonly height: number
  /** Polyline points "x,y x,y" */
  readonly line: string
  readonly dots: readonly { readonly x: number; readonly y: number; readonly point: MileagePoint; readonly drop: boolean }[]
  /** The top of the miles axis (a round figure at or above the highest reading). */
  readonly maxMiles: number
  readonly firstYear: string
  readonly lastYear: string
}

const roundUp = (n: number) => {
  if (n <= 0) return 1000
  const step = 10 ** Math.floor(Math.log10(n))
  return Math.ceil(n / step) * step
}

/** Points placed by date (x) and miles (y, 0 at the bottom) inside a box with a margin for the labels; null under 2 readings. */
export function mileageChart(tests: readonly MileageTest[], box = { width: 320, height: 160, margin: 24 }): ChartGeometry | null {
  const points = mileageReadings(tests)
  if (points.length < 2) return null
  const dropDates = new Set(mileageDrops(tests).map((d) => `${d.date}:${d.miles}`))
  const times = points.map((p) => Date.parse(`${p.date}T00:00:00Z`))
  const first = times[0]!
  const span = Math.max(1, times[times.length - 1]! - first)
  const maxMiles = roundUp(Math.max(...points.map((p) => p.miles)))
  const inner = { w: box.width - box.margin * 2, h: box.height - box.margin * 2 }
  const dots = points.map((point, i) => {
    const x = Math.round((box.margin + ((times[i]! - first) / span) * inner.w) * 10) / 10
    const y = Math.round((box.margin + inner.h - (point.miles / maxMiles) * inner.h) * 10) / 10
    return { x, y, point, drop: dropDates.has(`${point.date}:${point.miles}`) }
  })
  return { width: box.width, height: box.height, line: dots.map((d) => `${d.x},${d.y}`).join(' '), dots, maxMiles, firstYear: points[0]!.date.slice(0, 4), lastYear: points[points.length - 1]!.date.slice(0, 4) }
}
