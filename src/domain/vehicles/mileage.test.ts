import { describe, expect, it } from 'vitest'
import { mileageChart, mileageDrops, mileageReadings } from './mileage'

const tests = [
  { date: '2025-01-21', odometerMiles: 12_300 },
  { date: '2024-01-18', odometerMiles: 21_560 },
  { date: '2023-01-19', odometerMiles: null },
  { date: '2022-01-20', odometerMiles: 11_800 },
]

describe('mileage from an MOT history', () => {
  it('orders readings oldest first and leaves out tests without one', () => {
    expect(mileageReadings(tests)).toEqual([
      { date: '2022-01-20', miles: 11_800 },
      { date: '2024-01-18', miles: 21_560 },
      { date: '2025-01-21', miles: 12_300 },
    ])
  })

  it('flags a reading below an earlier one, but not a same-day retest a few miles lower', () => {
    expect(mileageDrops(tests)).toEqual([{ date: '2025-01-21', miles: 12_300, earlierDate: '2024-01-18', earlierMiles: 21_560 }])
    expect(mileageDrops([{ date: '2023-03-08', odometerMiles: 5_212 }, { date: '2023-03-08', odometerMiles: 5_210 }, { date: '2022-03-09', odometerMiles: 1_940 }])).toEqual([])
    expect(mileageDrops([{ date: '2024-01-01', odometerMiles: 100 }, { date: '2023-01-01', odometerMiles: 100 }])).toEqual([])
  })

  it('places the chart’s points by date and miles, marking the drop; none for fewer than two readings', () => {
    const chart = mileageChart(tests, { width: 220, height: 120, margin: 10 })!
    expect(chart.maxMiles).toBe(30_000)
    expect(chart.dots.map((d) => d.x)).toEqual([10, 142.7, 210])
    expect(chart.dots[0]!.y).toBeCloseTo(10 + 100 - (11_800 / 30_000) * 100, 0)
    expect(chart.dots.map((d) => d.drop)).toEqual([false, false, true])
    expect(chart.line.split(' ')).toHaveLength(3)
    expect(chart.firstYear).toBe('2022')
    expect(mileageChart([{ date: '2024-01-01', odometerMiles: 5 }])).toBeNull()
  })
})
