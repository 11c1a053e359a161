import { beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogueMemo, forgetCatalogueMemo } from './catalogue-memo.server'

describe('catalogueMemo', () => {
  beforeEach(() => forgetCatalogueMemo())

  it('reads a fact once for every caller until it is too old', async () => {
    const read = vi.fn(async () => ['honda'])
    expect(await catalogueMemo('brands', read, 1_000, 0)).toEqual(['honda'])
    expect(await catalogueMemo('brands', read, 1_000, 999)).toEqual(['honda'])
    expect(read).toHaveBeenCalledTimes(1)
    await catalogueMemo('brands', read, 1_000, 1_000)
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('keeps facts apart by key', async () => {
    expect(await catalogueMemo('a', async () => 1, 1_000, 0)).toBe(1)
    expect(await catalogueMemo('b', async () => 2, 1_000, 0)).toBe(2)
  })

  it('reads again after the catalogue changes, even a read that was under way', async () => {
    let release: (v: string) => void = () => {}
    const slow = catalogueMemo('tree', () => new Promise<string>((r) => (release = r)), 1_000, 0)
    forgetCatalogueMemo()
    release('old')
    expect(await slow).toBe('old')
    expect(await catalogueMemo('tree', async () => 'new', 1_000, 1)).toBe('new')
  })

  it('does not keep a failed read', async () => {
    await expect(catalogueMemo('x', () => Promise.reject(new Error('down')), 1_000, 0)).rejects.toThrow('down')
    expect(await catalogueMemo('x', async () => 'up', 1_000, 1)).toBe('up')
  })

  it('is one store for every copy of the module in the process (Turbopack loads one per route group)', async () => {
    const read = vi.fn(async () => 'shared')
    await catalogueMemo('k', read, 1_000, 0)
    vi.resetModules()
    const other = await import('./catalogue-memo.server')
    expect(await other.catalogueMemo('k', read, 1_000, 1)).toBe('shared')
    expect(read).toHaveBeenCalledTimes(1)
    other.forgetCatalogueMemo()
    await catalogueMemo('k', read, 1_000, 2)
    expect(read).toHaveBeenCalledTimes(2)
  })
})

describe('catalogueMemo serving an old fact while it is read again', () => {
  beforeEach(() => forgetCatalogueMemo())

  it('answers the old fact at once when it is merely old, reads it again once, then answers the fresh one', async () => {
    const reads: ((v: string) => void)[] = []
    const read = vi.fn(() => new Promise<string>((r) => reads.push(r)))
    const first = catalogueMemo('index', read, 1_000, 0, 'serve-while-reading')
    reads[0]!('old')
    expect(await first).toBe('old')
    expect(await catalogueMemo('index', read, 1_000, 1_000, 'serve-while-reading')).toBe('old')
    expect(await catalogueMemo('index', read, 1_000, 1_001, 'serve-while-reading')).toBe('old')
    expect(read).toHaveBeenCalledTimes(2)
    reads[1]!('fresh')
    await new Promise((r) => setTimeout(r, 0))
    expect(await catalogueMemo('index', read, 1_000, 1_002, 'serve-while-reading')).toBe('fresh')
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('keeps the old fact when reading it again fails, and tries again on the next call', async () => {
    let fail = false
    const read = vi.fn(async () => {
      if (fail) throw new Error('down')
      return 'old'
    })
    await catalogueMemo('index', read, 1_000, 0, 'serve-while-reading')
    fail = true
    expect(await catalogueMemo('index', read, 1_000, 1_000, 'serve-while-reading')).toBe('old')
    await new Promise((r) => setTimeout(r, 0))
    expect(await catalogueMemo('index', read, 1_000, 1_001, 'serve-while-reading')).toBe('old')
    expect(read).toHaveBeenCalledTimes(3)
  })

  it('makes every caller wait after a catalogue change, and drops a fresh read that the change overtook', async () => {
    let release: (v: string) => void = () => {}
    await catalogueMemo('index', async () => 'old', 1_000, 0, 'serve-while-reading')
    expect(await catalogueMemo('index', () => new Promise<string>((r) => (release = r)), 1_000, 1_000, 'serve-while-reading')).toBe('old')
    forgetCatalogueMemo()
    release('stale')
    await new Promise((r) => setTimeout(r, 0))
    expect(await catalogueMemo('index', async () => 'changed', 1_000, 1_001, 'serve-while-reading')).toBe('changed')
  })

  it('waits for the first read: nothing old to answer yet', async () => {
    const read = vi.fn(async () => 'only')
    expect(await catalogueMemo('index', read, 1_000, 0, 'serve-while-reading')).toBe('only')
    expect(read).toHaveBeenCalledTimes(1)
  })
})
