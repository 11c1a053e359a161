// How many products a brand's or a category's page lists, counted by the listing's own scope rule: a search
// suggestion that links to such a page says the count the page then shows (ADR 078).
import 'server-only'
import type { Payload } from 'payload'
import type { GroupPageTotals } from '../search/suggest.server'
import { facetIndex } from '../catalogue/facet-index.server'
import { allCategories } from './categories-and-brands.server'
import { scopeConditions } from './listing-conditions.server'

/**
 * The products on sale in each brand's and each category's scope, as its page counts them with no filter (a category
 * with its descendants, an e-bike sold as a motor vehicle under no cycle category), counted in the facet index the
 * suggestion has just weighed its matches by (ADR 086): no statement, and nothing to keep beside the index, which is
 * itself kept in step with the catalogue. A category that no longer exists is left out.
 */
export const groupPageTotals: GroupPageTotals = async (payload: Payload, groups) => {
  const [index, categories] = await Promise.all([facetIndex(payload), allCategories()])
  const brands = new Map(groups.brands.map((brandId) => [brandId, index.scopeSize(scopeConditions({ type: 'brand', brandId }, categories, null))] as const))
  const inCategories = new Map(
    groups.categories.flatMap((id) => {
      const category = categories.find((c) => c.id === id)
      return category ? [[id, index.scopeSize(scopeConditions({ type: 'category', categoryPath: category.path }, categories, null))] as const] : []
    }),
  )
  return { brands, categories: inCategories }
}
