// A time budget per GraphQL request (ADR 021). The limits of query-limits.ts bound what a document can
// ask for; this bounds what it may still start once it has run for a second: GraphQL's validation marks the request
// with a deadline, and every collection operation it begins afterwards (a list, or the batch that loads the
// relationships of the documents already read) is refused with a clear error instead of run.
import { APIError, type CollectionBeforeOperationHook, type CollectionConfig, type RequestContext } from 'payload'

export const GRAPHQL_BUDGET_MS = 1000
const DEADLINE = 'graphqlDeadline'

/** Marks the Payload request behind a GraphQL operation (the `contextValue.req` Payload's route hands to GraphQL). */
export function startGraphqlBudget(contextValue: unknown, now = Date.now(), budgetMs = GRAPHQL_BUDGET_MS): void {
  const context = (contextValue as { req?: { context?: RequestContext } } | undefined)?.req?.context
  if (context && context[DEADLINE] === undefined) context[DEADLINE] = now + budgetMs
}

export function overBudget(context: RequestContext | undefined, now = Date.now()): boolean {
  const deadline = context?.[DEADLINE]
  return typeof deadline === 'number' && now > deadline
}

export const refuseOverBudget: CollectionBeforeOperationHook = ({ args, req }) => {
  if (overBudget(req.context)) throw new APIError(`The GraphQL request ran out of its time budget (${GRAPHQL_BUDGET_MS / 1000} s): ask for fewer documents or fields at a time.`, 503, null, true)
  return args
}

/** The collection with refuseOverBudget as its first beforeOperation hook. */
export function withGraphqlBudget(collection: CollectionConfig): CollectionConfig {
  return { ...collection, hooks: { ...collection.hooks, beforeOperation: [refuseOverBudget, ...(collection.hooks?.beforeOperation ?? [])] } }
}
