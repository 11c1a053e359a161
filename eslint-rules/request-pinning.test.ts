import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// eslint.config.mjs refuses, in the code that runs for a request, what ties a request's objects to V8's old generation
// until a full collection (ADR 083). Each snippet is linted as if it were a file of the shop.
describe('what keeps a request through young collections is refused in the shop’s code', () => {
  const root = path.resolve(import.meta.dirname, '..')
  const eslint = new ESLint({ cwd: root })
  const refusals = async (code: string, file = 'src/features/basket/pinning.ts') => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message.split(' keeps ')[0])
  }

  it('refuses each pattern inside a function', async () => {
    expect(await refusals('export function f(a: number[]) { return { get n() { return a.length } } }\n')).toEqual(['An accessor made inside a function'])
    expect(await refusals("export const f = (o: object, a: number[]) => Object.defineProperty(o, 'n', { get: () => a.length })\n")).toEqual(['A property accessor'])
    expect(await refusals('export function f(a: number[]) { class Local { n = a.length } return new Local() }\n')).toEqual(['A class declared inside a function'])
    expect(await refusals('export function f(a: number[]) { async function* g() { yield a.length } return g() }\n')).toEqual(['A generator function declared inside a function'])
    expect(await refusals('export const f = (a: number[]) => Object.setPrototypeOf({}, { a })\n')).toEqual(['A prototype set at run time'])
    expect(await refusals('export const f = (s: AbortSignal) => AbortSignal.any([s])\n', 'server-lib/pinning.mjs')).toEqual(['AbortSignal.any'])
  }, 60_000)

  it('allows methods, closures, module-level classes and generators, and the same code in tests', async () => {
    const fine = [
      'export class Counter { #n = 0; get n() { return this.#n } }',
      'export const settings = { get now() { return Date.now() } }',
      'export async function* pages(n: number) { for (let i = 0; i < n; i++) yield i }',
      'export function f(a: number[]) { const size = () => a.length; return { size, count() { return a.length } } }',
    ].join('\n')
    expect(await refusals(`${fine}\n`)).toEqual([])
    expect(await refusals('export function f(a: number[]) { return { get n() { return a.length } } }\n', 'src/features/basket/pinning.test.ts')).toEqual([])
  }, 60_000)
})
