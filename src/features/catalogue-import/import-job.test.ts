import { describe, expect, it } from 'vitest'
import { storeFeed, takeStoredFeed } from './import-job.server'

describe('takeStoredFeed', () => {
  it('gives back the rows as stored, each with every column, and lets each go once read', () => {
    const feed = storeFeed([
      { line: 2, cells: { sku: 'A-1', name: 'Helmet' } },
      { line: 3, cells: { sku: 'A-1-M', parent_sku: 'A-1' } },
    ])
    const rows = takeStoredFeed(feed)
    expect(rows.next().value).toEqual({ line: 2, cells: { sku: 'A-1', name: 'Helmet', parent_sku: '' } })
    expect(feed.rows[0]).toEqual([])
    expect(feed.rows[1]).toEqual([3, 'A-1-M', '', 'A-1'])
    expect(rows.next().value).toEqual({ line: 3, cells: { sku: 'A-1-M', name: '', parent_sku: 'A-1' } })
    expect(rows.next().done).toBe(true)
    expect(feed.rows).toEqual([])
  })
})
