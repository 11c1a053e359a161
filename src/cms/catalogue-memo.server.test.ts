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
