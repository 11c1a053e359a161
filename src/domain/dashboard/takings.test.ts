import { describe, expect, it } from 'vitest'
import { CHART_DAYS, changeInWords, dailyTakings, periodTakings, takingsPeriods, takingsSince } from './takings'

describe('takings periods', () => {
  it('starts today, the week and the month at UK midnight and compares each with the one before up to the same time', () => {
    // Wednesday 15 July 2026, 10:30 BST (09:30 UTC)
    const now = new Date('2026-07-15T09:30:00Z')
    const [today, week, month] = takingsPeriods(now)
    expect(today!.from.toISOString()).toBe('2026-07-14T23:00:00.000Z')
    expect(today!.previousFrom.toISOString()).toBe('2026-07-13T23:00:00.000Z')
    expect(today!.previousTo.toISOString()).toBe('2026-07-14T09:30:00.000Z')
    expect(week!.from.toISOString()).toBe('2026-07-12T23:00:00.000Z') // Monday 13 July
    expect(week!.previousFrom.toISOString()).toBe('2026-07-05T23:00:00.000Z')
    expect(month!.from.toISOString()).toBe('2026-06-30T23:00:00.000Z')
    expect(month!.previousFrom.toISOString()).toBe('2026-05-31T23:00:00.000Z')
  })

  it('never lets last month run past its own end', () => {
    const now = new Date('2026-03-31T12:00:00Z')
    const month = takingsPeriods(now).find((p) => p.key === 'month')!
    expect(month.previousTo.toISOString()).toBe('2026-03-01T00:00:00.000Z')
  })

  it('adds each hour into its period and its comparison', () => {
    const now = new Date('2026-11-18T12:00:00Z') // Wednesday, GMT
    const hours = [
      { hour: '2026-11-18T09:00:00.000Z', pence: 1000 }, // today
      { hour: '2026-11-17T11:00:00.000Z', pence: 250 }, // yesterday before this time
      { hour: '2026-11-17T15:00:00.000Z', pence: 9999 }, // yesterday after this time: not compared
      { hour: '2026-11-16T08:00:00.000Z', pence: 500 }, // Monday: this week
      { hour: '2026-11-10T08:00:00.000Z', pence: 700 }, // last Tuesday: last week by this time
    ]
    const [today, week, month] = periodTakings(now, hours)
    expect([today!.pence, today!.previousPence]).toEqual([1000, 250])
    expect([week!.pence, week!.previousPence]).toEqual([1000 + 250 + 9999 + 500, 700])
    expect(month!.pence).toBe(1000 + 250 + 9999 + 500 + 700)
  })
})

describe('daily takings', () => {
  it('gives each of the last 8 weeks of UK days its takings, an hour after midnight BST counted on its UK day', () => {
    const now = new Date('2026-07-15T09:30:00Z')
    const days = dailyTakings(now, [
      { hour: '2026-07-14T23:00:00.000Z', pence: 1200 }, // 00:00 BST on the 15th
      { hour: '2026-07-14T22:00:00.000Z', pence: 300 }, // 23:00 BST on the 14th
      { hour: '2026-01-01T10:00:00.000Z', pence: 5 }, // outside the chart
    ])
    expect(days).toHaveLength(CHART_DAYS)
    expect(days.at(-1)).toEqual({ day: '2026-07-15', pence: 1200 })
    expect(days.at(-2)).toEqual({ day: '2026-07-14', pence: 300 })
    expect(days[0]!.day).toBe('2026-05-21')
    expect(days.reduce((s, d) => s + d.pence, 0)).toBe(1500)
  })

  it('reads back far enough for both the chart and last month', () => {
    expect(takingsSince(new Date('2026-07-15T09:30:00Z')).toISOString()).toBe('2026-05-20T23:00:00.000Z')
    expect(takingsSince(new Date('2026-07-31T09:30:00Z')).toISOString()).toBe('2026-05-31T23:00:00.000Z')
  })
})

describe('change in words', () => {
  it('says up, down, level or new', () => {
    expect(changeInWords(1120, 1000)).toBe('up 12%')
    expect(changeInWords(600, 1000)).toBe('down 40%')
    expect(changeInWords(0, 0)).toBe('level')
    expect(changeInWords(500, 0)).toBe('new')
  })
})
