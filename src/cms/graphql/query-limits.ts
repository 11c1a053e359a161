// Limits on GraphQL documents (issue 12 §6): a fragment that spreads itself (directly or through others) and selections
// nested deeper than MAX_QUERY_DEPTH are refused before anything walks them. Payload's complexity rule follows
// fragment spreads without a guard, so a cyclic fragment used to overflow the stack (500).
import { GraphQLError, Kind, parse, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from 'graphql'

/** Deep enough for any storefront or staff query (a product's category's parent's media is 5), shallow enough to stay cheap. */
export const MAX_QUERY_DEPTH = 12

/** What is wrong with the document, or null. */
export function documentProblem(document: DocumentNode, maxDepth = MAX_QUERY_DEPTH): string | null {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d)

  // Depth of a selection set, following spreads; `path` holds the fragments being expanded, so a cycle shows up at once.
  function depth(set: SelectionSetNode | undefined, path: readonly string[]): number | string {
    if (!set) return 0
    let deepest = 0
    for (const selection of set.selections) {
      let d: number | string
      if (selection.kind === Kind.FIELD) {
        const inner = depth(selection.selectionSet, path)
        if (typeof inner === 'string') return inner
        d = selection.selectionSet ? inner + 1 : 1
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        d = depth(selection.selectionSet, path)
      } else {
        const name = selection.name.value
        if (path.includes(name)) return `Fragment "${name}" spreads itself (${[...path.slice(path.indexOf(name)), name].join(' → ')}): fragments must not form a cycle.`
        const fragment = fragments.get(name)
        d = fragment ? depth(fragment.selectionSet, [...path, name]) : 0
      }
      if (typeof d === 'string') return d
      if (d > maxDepth) return `The query is nested ${d} levels deep; at most ${maxDepth} are allowed.`
      deepest = Math.max(deepest, d)
    }
    return deepest
  }

  for (const d of document.definitions) {
    const result = d.kind === Kind.OPERATION_DEFINITION ? depth(d.selectionSet, []) : d.kind === Kind.FRAGMENT_DEFINITION ? depth(d.selectionSet, [d.name.value]) : 0
    if (typeof result === 'string') return result
  }
  return null
}

/** The same check on a query string (the proxy's early 400); a query that does not parse is left to GraphQL's own answer. */
export function queryProblem(query: unknown, maxDepth = MAX_QUERY_DEPTH): string | null {
  if (typeof query !== 'string') return null
  try {
    return documentProblem(parse(query, { maxTokens: 10_000 }), maxDepth)
  } catch {
    return null
  }
}

/**
 * A validation rule for Payload's `graphQL.validationRules`: reports the problem and hides the fragments from every
 * other rule of this validation (all rules share one context), so none of them can recurse through a cycle.
 */
export const queryLimitsRule: ValidationRule = (context) => ({
  Document: {
    enter(node) {
      const problem = documentProblem(node)
      if (!problem) return
      context.reportError(new GraphQLError(problem, { extensions: { code: 'QUERY_TOO_COMPLEX' } }))
      Object.defineProperty(context, 'getFragment', { value: () => undefined })
      return false
    },
  },
})
