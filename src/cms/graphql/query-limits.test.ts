import { describe, expect, it } from 'vitest'
import { queryProblem } from './query-limits'

describe('GraphQL query limits', () => {
  it('finds fragment cycles, direct and through others', () => {
    expect(queryProblem('query { ...A } fragment A on Query { ...A }')).toMatch(/"A" spreads itself \(A → A\)/)
    expect(queryProblem('query { ...A } fragment A on Query { x { ...B } } fragment B on X { ...C } fragment C on X { y { ...A } }')).toMatch(/cycle/)
    expect(queryProblem('fragment A on Query { ...B } fragment B on Query { ...A }')).toMatch(/cycle/)
  })
  it('counts depth through fragments and inline fragments', () => {
    const nested = (n: number) => `query { ${'a { '.repeat(n - 1)}b${' }'.repeat(n - 1)} }`
    expect(queryProblem(nested(12))).toBeNull()
    expect(queryProblem(nested(13))).toMatch(/13 levels deep; at most 12/)
    expect(queryProblem(`query { a { ...F } } fragment F on A { ${'b { '.repeat(11)}c${' }'.repeat(11)} }`)).toMatch(/levels deep/)
    expect(queryProblem('query { a { ... on B { c { d } } } }')).toBeNull()
  })
  it('leaves unparsable or missing queries to GraphQL itself', () => {
    expect(queryProblem('query {')).toBeNull()
    expect(queryProblem(undefined)).toBeNull()
  })
})
