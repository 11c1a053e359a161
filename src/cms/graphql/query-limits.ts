// Limits on GraphQL documents (ADR 021). A document's cost is known from its shape before
// anything runs: every root field is at least one database query (measured: 499 aliased root fields kept one
// request busy for 14–52 s, and /api/health waited behind it), every nested relationship another, and a fragment
// spread repeats a whole selection. So a document is refused, before validation's own rules and before execution,
// when it has too many operations or fragments, root fields, aliases, field selections (counted with every
// fragment spread expanded, so a fragment bomb counts what it would cost) or directives; when it is nested too
// deep; when a fragment spreads itself (Payload's complexity rule follows spreads without a guard, so a cycle used
// to overflow the stack); or when it asks one list for more than MAX_LIST_LIMIT documents or for no pagination.
import { GraphQLError, Kind, parse, type ArgumentNode, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule, type ValueNode } from 'graphql'

export interface QueryLimits {
  /** Nesting of selections, leaves included: `{ Products { docs { brand { name } } } }` is 4. */
  readonly depth: number
  /** Fields selected at the top of one operation (each one is a query or a mutation of its own). */
  readonly rootFields: number
  /** Aliased fields in one operation, fragments expanded. */
  readonly aliases: number
  /** Field selections in one operation, fragments expanded. */
  readonly fields: number
  readonly operations: number
  readonly fragments: number
  /** Directives written in the document (`@include`, `@skip`, …). */
  readonly directives: number
  /** The most documents one list argument may ask for (`limit`). */
  readonly listLimit: number
  /**
   * The most documents one operation may read across all its lists: each root list counts its `limit` (Payload's
   * default page of 10 when none is given; a lookup by `id` counts 1), and a list nested in a list multiplies.
   */
  readonly documents: number
  /** Characters of the query text. */
  readonly queryChars: number
  /** Tokens the parser reads before it gives up (a bound on parsing work whatever the text holds). */
  readonly tokens: number
}

/**
 * Enough for every query the shop and its tests send (the deepest, a product's category's parent's media, is 6;
 * the widest, the foundation check, has 4 root fields), and small enough that the worst document allowed runs inside
 * a second: measured with bench/graphql-attack.mjs on the production build, 10 root fields of 100 products with their
 * relationships took 0.7 s alone, and every root field costs about 45 ms even for a bare count.
 */
export const DEFAULT_LIMITS: QueryLimits = {
  depth: 8,
  rootFields: 5,
  aliases: 50,
  fields: 500,
  operations: 5,
  fragments: 20,
  directives: 50,
  listLimit: 50,
  documents: 50,
  queryChars: 20 * 1024,
  tokens: 5000,
}
/** The depth limit on its own, kept for the tests and callers that import it by this name. */
export const MAX_QUERY_DEPTH = DEFAULT_LIMITS.depth

interface Cost {
  readonly depth: number
  readonly rootFields: number
  readonly aliases: number
  readonly fields: number
  /** Documents the selection reads (see QueryLimits.documents). */
  readonly documents: number
}
const NONE: Cost = { depth: 0, rootFields: 0, aliases: 0, fields: 0, documents: 0 }
/** Payload's page size when a list gives no `limit`. */
const DEFAULT_PAGE = 10

type Variables = Readonly<Record<string, unknown>> | null | undefined

function argumentValue(value: ValueNode, variables: Variables): unknown {
  switch (value.kind) {
    case Kind.VARIABLE:
      return variables?.[value.name.value]
    case Kind.INT:
    case Kind.FLOAT:
      return Number(value.value)
    case Kind.BOOLEAN:
      return value.value
    default:
      return undefined
  }
}

/** A list argument that would read too many documents at once: `limit` over the cap or 0 (Payload's "no limit"), or `pagination: false`. */
function argumentProblem(args: readonly ArgumentNode[] | undefined, variables: Variables, limits: QueryLimits): string | null {
  for (const arg of args ?? []) {
    const value = argumentValue(arg.value, variables)
    if (arg.name.value === 'limit' && typeof value === 'number' && !(value >= 1 && value <= limits.listLimit)) {
      return `A list may ask for 1 to ${limits.listLimit} documents at a time (limit: ${value}); ask for the next page with \`page\`.`
    }
    if (arg.name.value === 'pagination' && value === false) return `\`pagination: false\` is not allowed: ask for at most ${limits.listLimit} documents a page.`
  }
  return null
}

/**
 * How many documents a field reads by itself: its `limit` when it gives one; at the top of an operation, 1 for a
 * lookup by `id` and Payload's default page for any other field (a list, or a cheap single read counted as one);
 * below the top, 0 for a field without `limit` (a relationship, read with the document that holds it).
 */
function ownDocuments(args: readonly ArgumentNode[] | undefined, variables: Variables, atRoot: boolean): number {
  const limit = args?.find((a) => a.name.value === 'limit')
  if (limit) {
    const value = argumentValue(limit.value, variables)
    return typeof value === 'number' ? value : DEFAULT_PAGE
  }
  if (!atRoot) return 0
  return args?.some((a) => a.name.value === 'id') ? 1 : DEFAULT_PAGE
}

/** What is wrong with the document, or null. `variables` are the request's, to check list limits given as variables. */
export function documentProblem(document: DocumentNode, given?: Variables, limits: QueryLimits = DEFAULT_LIMITS): string | null {
  let variables: Variables = given
  const fragments = new Map<string, FragmentDefinitionNode>()
  let operations = 0
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d)
    else if (d.kind === Kind.OPERATION_DEFINITION) operations += 1
  }
  if (operations > limits.operations) return `The document holds ${operations} operations; at most ${limits.operations} are allowed.`
  if (fragments.size > limits.fragments) return `The document holds ${fragments.size} fragments; at most ${limits.fragments} are allowed.`

  let directives = 0
  const memo = new Map<string, Cost>()

  // The cost of a selection set, fragments expanded (each fragment's cost is worked out once, so a bomb of
  // fragments that spread each other twice is counted, not walked); `path` holds the fragments being expanded.
  // `atRoot`: the set is an operation's top level (or a fragment spread there), whose fields are lists or lookups.
  function cost(set: SelectionSetNode | undefined, path: readonly string[], atRoot = false): Cost | string {
    if (!set) return NONE
    let depth = 0
    let rootFields = 0
    let aliases = 0
    let fields = 0
    let documents = 0
    for (const selection of set.selections) {
      directives += selection.directives?.length ?? 0
      let inner: Cost | string
      if (selection.kind === Kind.FIELD) {
        const problem = argumentProblem(selection.arguments, variables, limits)
        if (problem) return problem
        const below = cost(selection.selectionSet, path)
        if (typeof below === 'string') return below
        const own = ownDocuments(selection.arguments, variables, atRoot)
        inner = {
          depth: below.depth + 1,
          rootFields: 1,
          aliases: below.aliases + (selection.alias ? 1 : 0),
          fields: below.fields + 1,
          documents: own > 0 ? own * (1 + below.documents) : below.documents,
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = cost(selection.selectionSet, path, atRoot)
      } else {
        const name = selection.name.value
        if (path.includes(name)) return `Fragment "${name}" spreads itself (${[...path.slice(path.indexOf(name)), name].join(' → ')}): fragments must not form a cycle.`
        const key = atRoot ? `${name} at the top` : name
        const known = memo.get(key)
        if (known) inner = known
        else {
          const fragment = fragments.get(name)
          inner = fragment ? cost(fragment.selectionSet, [...path, name], atRoot) : NONE
          if (typeof inner !== 'string') memo.set(key, inner)
        }
      }
      if (typeof inner === 'string') return inner
      depth = Math.max(depth, inner.depth)
      rootFields += inner.rootFields
      aliases += inner.aliases
      fields += inner.fields
      documents += inner.documents
      if (depth > limits.depth) return `The query is nested ${depth} levels deep; at most ${limits.depth} are allowed.`
      if (fields > limits.fields) return `The query selects more than ${limits.fields} fields (fragments counted each time they are spread); ask for less at a time.`
      if (aliases > limits.aliases) return `The query uses more than ${limits.aliases} aliases; at most ${limits.aliases} are allowed.`
    }
    return { depth, rootFields, aliases, fields, documents }
  }

  for (const d of document.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION) {
      directives += d.directives?.length ?? 0
      // A variable the request leaves out takes its default from the document.
      const defaults: Record<string, unknown> = {}
      for (const v of d.variableDefinitions ?? []) if (v.defaultValue) defaults[v.variable.name.value] = argumentValue(v.defaultValue, null)
      variables = { ...defaults, ...given }
      const result = cost(d.selectionSet, [], true)
      if (typeof result === 'string') return result
      if (result.rootFields > limits.rootFields) return `The ${d.operation} asks for ${result.rootFields} top-level fields; at most ${limits.rootFields} are allowed in one request.`
      if (result.documents > limits.documents) {
        return `The ${d.operation} would read ${result.documents} documents (each list counts its \`limit\`, 10 when none is given); at most ${limits.documents} are allowed in one request: ask for the next page with \`page\`.`
      }
    } else if (d.kind === Kind.FRAGMENT_DEFINITION && !memo.has(d.name.value) && !memo.has(`${d.name.value} at the top`)) {
      // A fragment no operation spreads is still checked (for a cycle, or a list limit written in it).
      variables = given
      directives += d.directives?.length ?? 0
      const result = cost(d.selectionSet, [d.name.value])
      if (typeof result === 'string') return result
    }
    if (directives > limits.directives) return `The document uses more than ${limits.directives} directives.`
  }
  return null
}

/**
 * The same checks on a request's query text, before GraphQL parses it unbounded: too long, too many tokens, or a
 * document over the limits. A query that does not parse for other reasons is left to GraphQL's own answer.
 */
export function queryProblem(query: unknown, variables?: Variables, limits: QueryLimits = DEFAULT_LIMITS): string | null {
  if (typeof query !== 'string') return null
  if (query.length > limits.queryChars) return `The query is ${query.length} characters long; at most ${limits.queryChars} are allowed.`
  let document: DocumentNode
  try {
    document = parse(query, { maxTokens: limits.tokens, noLocation: true })
  } catch (error) {
    const message = error instanceof Error ? error.message : ''
    return /tokens/i.test(message) ? `The query is too long: at most ${limits.tokens} tokens are allowed.` : null
  }
  return documentProblem(document, variables)
}

/**
 * Validation rules for Payload's `graphQL.validationRules(args)`: reports the problem and hides the fragments from
 * every other rule of this validation (all rules share one context), so none of them can recurse through a cycle.
 * The HTTP edge (src/proxy.ts, graphql-gate.ts) refuses the same documents earlier, with a 400 whatever the Accept.
 */
export function queryLimitsRule(variables?: Variables): ValidationRule {
  return (context) => ({
    Document: {
      enter(node) {
        const problem = documentProblem(node, variables)
        if (!problem) return
        context.reportError(new GraphQLError(problem, { extensions: { code: 'QUERY_TOO_COMPLEX' } }))
        Object.defineProperty(context, 'getFragment', { value: () => undefined })
        return false
      },
    },
  })
}
