import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS, queryProblem } from './query-limits'

const aliases = (n: number, field = 'Products { totalDocs }') => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`
const nested = (n: number) => `query { ${'a { '.repeat(n - 1)}b${' }'.repeat(n - 1)} }`

describe('GraphQL query limits', () => {
  it('finds fragment cycles, direct and through others', () => {
    expect(queryProblem('query { ...A } fragment A on Query { ...A }')).toMatch(/"A" spreads itself \(A → A\)/)
    expect(queryProblem('query { ...A } fragment A on Query { x { ...B } } fragment B on X { ...C } fragment C on X { y { ...A } }')).toMatch(/cycle/)
    expect(queryProblem('fragment A on Query { ...B } fragment B on Query { ...A }')).toMatch(/cycle/)
  })

  it('counts depth through fragments and inline fragments', () => {
    expect(queryProblem(nested(8))).toBeNull()
    expect(queryProblem(nested(9))).toMatch(/9 levels deep; at most 8/)
    expect(queryProblem(`query { a { ...F } } fragment F on A { ${'b { '.repeat(7)}c${' }'.repeat(7)} }`)).toMatch(/levels deep/)
    expect(queryProblem('query { a { ... on B { c { d } } } }')).toBeNull()
  })

  it('refuses a request of 499 aliased root fields, and caps root fields and aliases anywhere', () => {
    expect(queryProblem(aliases(499))).toMatch(/more than 50 aliases/)
    expect(queryProblem(aliases(5))).toBeNull()
    expect(queryProblem(aliases(6))).toMatch(/6 top-level fields; at most 5/)
    expect(queryProblem(`{ ${'Products { totalDocs } '.repeat(6)}}`)).toMatch(/6 top-level fields/) // the same field, unaliased
    expect(queryProblem(`{ ...R } fragment R on Query { ${'Brands { totalDocs } '.repeat(3)} } `.replace('{ ...R }', '{ ...R ...R2 }') + `fragment R2 on Query { ${'Posts { totalDocs } '.repeat(3)} }`)).toMatch(/6 top-level fields/)
    expect(queryProblem(`{ Products { docs { ${Array.from({ length: 51 }, (_, i) => `n${i}: name`).join(' ')} } } }`)).toMatch(/more than 50 aliases/)
  })

  it('counts field selections with every fragment spread expanded: a fragment bomb is refused without being walked', () => {
    let bomb = 'fragment F0 on Product { name slug }'
    for (let i = 1; i <= 18; i++) bomb += ` fragment F${i} on Product { ...F${i - 1} ...F${i - 1} }`
    const started = performance.now()
    expect(queryProblem(`{ Products { docs { ...F18 } } } ${bomb}`)).toMatch(/more than 500 fields/)
    expect(performance.now() - started).toBeLessThan(1000) // a safety bound: expanded, this is 2^19 fields
    expect(queryProblem(`{ Products { docs { ${'name '.repeat(600)} } } }`)).toMatch(/more than 500 fields/)
    expect(queryProblem(`{ Products { docs { ${'name '.repeat(400)} } } }`)).toBeNull()
  })

  it('caps operations, fragments, directives, text and tokens', () => {
    expect(queryProblem(Array.from({ length: 6 }, (_, i) => `query Q${i} { Brands { totalDocs } }`).join(' '))).toMatch(/6 operations; at most 5/)
    expect(queryProblem(`{ Brands { ...F0 } } ${Array.from({ length: 21 }, (_, i) => `fragment F${i} on Brands { totalDocs }`).join(' ')}`)).toMatch(/21 fragments; at most 20/)
    expect(queryProblem(`{ Brands { totalDocs ${'@include(if: true) '.repeat(51)} } }`)).toMatch(/directives/)
    expect(queryProblem(`{ Brands { totalDocs } } # ${'x'.repeat(DEFAULT_LIMITS.queryChars)}`)).toMatch(/characters long/)
    expect(queryProblem(`{ Brands(where: { name: { in: [${'1 '.repeat(6000)}] } }) { totalDocs } }`)).toMatch(/at most 5000 tokens/)
  })

  it('caps how many documents one list may ask for, written or in variables (with their defaults)', () => {
    expect(queryProblem('{ Products(limit: 50) { totalDocs } }')).toBeNull()
    expect(queryProblem('{ Products(limit: 51) { totalDocs } }')).toMatch(/1 to 50 documents/)
    expect(queryProblem('{ Products(limit: 0) { totalDocs } }')).toMatch(/limit: 0/)
    expect(queryProblem('{ Products(pagination: false) { totalDocs } }')).toMatch(/pagination: false/)
    expect(queryProblem('query ($n: Int) { Products(limit: $n) { totalDocs } }', { n: 5000 })).toMatch(/limit: 5000/)
    expect(queryProblem('query ($n: Int = 0) { Products(limit: $n) { totalDocs } }')).toMatch(/limit: 0/)
    expect(queryProblem('query ($n: Int = 0) { Products(limit: $n) { totalDocs } }', { n: 20 })).toBeNull()
    expect(queryProblem('query ($p: Boolean) { Products(pagination: $p) { totalDocs } }', { p: false })).toMatch(/pagination/)
  })

  it('caps the documents one request reads across its lists (5 lists of 100 products held /api/health for 0.9 s, one of 100 for 0.3 s)', () => {
    const heavy = 'Products(limit: 50) { docs { id brand { name } category { name } } }'
    expect(queryProblem(`{ ${heavy} }`)).toBeNull()
    expect(queryProblem(aliases(2, heavy))).toMatch(/read 100 documents .* at most 50/)
    expect(queryProblem(aliases(5, 'Products(limit: 10) { docs { id } }'))).toBeNull()
    expect(queryProblem(aliases(5, 'Products(limit: 11) { docs { id } }'))).toMatch(/read 55 documents/)
    // no limit given: Payload's page of 10 each; a lookup by id is one document
    expect(queryProblem(aliases(5, 'Products { docs { id } }'))).toBeNull()
    expect(queryProblem('{ Order(id: 1) { orderNumber } Orders(limit: 50) { docs { orderNumber } } }')).toMatch(/read 51 documents/)
    expect(queryProblem('{ Order(id: 1) { orderNumber } Orders(limit: 49) { docs { orderNumber } } }')).toBeNull()
    // limits in variables, a list nested in a list, and lists hidden in a fragment spread at the top all count
    expect(queryProblem('query ($n: Int) { a: Products(limit: $n) { totalDocs } b: Products(limit: $n) { totalDocs } }', { n: 30 })).toMatch(/read 60 documents/)
    expect(queryProblem('{ Brands(limit: 20) { docs { products(limit: 10) { docs { id } } } } }')).toMatch(/read 220 documents/)
    expect(queryProblem('{ ...Q } fragment Q on Query { a: Products(limit: 30) { totalDocs } b: Products(limit: 30) { totalDocs } }')).toMatch(/read 60 documents/)
  })

  it('passes the shop’s own queries', () => {
    expect(queryProblem('{ Products(limit: 50, where: { kind: { equals: motorcycle } }) { totalDocs docs { name slug price stockQuantity condition vatRate brand { name } category { name path } } } }')).toBeNull()
    expect(queryProblem('{ Categories { totalDocs } Brands { totalDocs } Pages { totalDocs } Posts { totalDocs docs { title slug } } }')).toBeNull()
    expect(queryProblem('query { Products(limit: 1) { docs { id category { parent { parent { media { url } } } } } } }')).toBeNull()
  })

  it('leaves unparsable or missing queries to GraphQL itself', () => {
    expect(queryProblem('query {')).toBeNull()
    expect(queryProblem(undefined)).toBeNull()
  })
})
