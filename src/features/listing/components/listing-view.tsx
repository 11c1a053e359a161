// One listing page: heading, breadcrumbs, filters, sort, result count, product cards and page links.
// Every listing route renders this with its own scope; the routes themselves only look things up.
import { redirect } from 'next/navigation'
import type { ReactNode } from 'react'
import { ProductCard } from '../../catalogue/components/product-card'
import { CompareBar } from '../../catalogue/components/card-compare'
import {
  countLabel,
  EMPTY_LISTING_QUERY,
  listingHref,
  listingParams,
  PAGE_SIZE,
  rawQueryString,
  totalPages,
  type ListingQuery,
  type RawSearchParams,
} from '../../../domain/catalogue/listing-query'
import { listingFacets, listProducts } from '../queries.server'
import type { ListingScope } from '../listing-conditions.server'
import { Breadcrumbs, type Crumb } from '../../../components/ui/breadcrumbs'
import { BudgetForm, filterFormFacets, SortForm } from './listing-forms'
import { FilterFormIsland } from './filter-form-island'
import { RepresentativeExample } from '../../../components/ui/representative-example'
import { financeDisclosures } from '../../finance-figures/disclosures.server'
import { Pagination } from './pagination'
import { AnalyticsEvent } from '../../../components/analytics/analytics-event'
import { viewItemListEvent } from '../../../domain/analytics/ga4-ecommerce'
import { reportSearchFound } from '../search-log.server'
import '../listing.css'

/** The page's one representative example, which every card's monthly figure links to (ADR 076). */
const LISTING_EXAMPLE_ID = 'listing-example'

export interface ListingViewProps {
  basePath: string
  raw: RawSearchParams
  query: ListingQuery
  scope: ListingScope
  title: string
  intro?: ReactNode
  trail: Crumb[]
  /** "bike" on /all-bikes, "product" elsewhere */
  noun?: string
  showFilters?: boolean
  showBrands?: boolean
  /** replaces the filters column (the search form on /search) */
  aside?: ReactNode
  /** shown instead of results, e.g. the search page without words */
  prompt?: ReactNode
  /** shown when nothing matches; defaults to a hint to clear the filters */
  empty?: ReactNode
}

/** Sends a messy address (empty form fields, odd order, bad values) to its clean form, keeping links shareable. */
export function redirectToCleanAddress(basePath: string, raw: RawSearchParams, query: ListingQuery) {
  if (rawQueryString(raw) !== listingParams(query).toString()) redirect(listingHref(basePath, query))
}

export async function ListingView({ basePath, raw, query, scope, title, intro, trail, noun = 'product', showFilters = true, showBrands = true, aside, prompt, empty }: ListingViewProps) {
  const [result, facets, disclosures] = await Promise.all([
    prompt ? null : listProducts(scope, query),
    showFilters && !prompt ? listingFacets(scope, query) : null,
    financeDisclosures(),
  ])
  const monthly = new Map((result?.monthly ?? []).map((m) => [m.productId, m.monthlyPence]))
  // A monthly figure is shown only with a full representative example on the same page (FCA CONC 3.5.5R).
  const example = monthly.size > 0 ? (result?.example ?? null) : null
  const pages = result ? totalPages(result.totalDocs) : 1
  // a scope with nothing on sale (a search that found nothing) has nothing to filter
  const showForm = facets !== null && facets.total > 0
  // A page past the end (an old link, a hand-typed ?page=99999) goes to the last page there is, or to the first
  // when nothing matches, which says so and offers a way back: never a dead end. Before the clean-address
  // redirect, so that ?page=99999 (clamped when parsed) takes one hop, not two.
  if (result && query.page > 1 && result.cards.length === 0) redirect(listingHref(basePath, query, { page: Math.min(query.page - 1, pages) }))
  redirectToCleanAddress(basePath, raw, query)
  // a search is counted for staff (the search log) by the server as it is answered; the page tells it what it found
  if (scope.type === 'search' && query.q && query.page === 1 && result) reportSearchFound(query.q, result.totalDocs)
  return (
    <div className="container listing">
      <Breadcrumbs trail={trail} />
      <header className="listing__header">
        <h1>{title}</h1>
        {intro}
      </header>
      <div className={showForm || aside ? 'listing__layout' : undefined}>
        {showForm && (
          <div className="listing__filters">
            <BudgetForm basePath={basePath} query={query} />
            <FilterFormIsland basePath={basePath} query={query} facets={filterFormFacets(facets)} showBrands={showBrands} noun={noun} />
          </div>
        )}
        {aside}
        <section className="listing__results" aria-labelledby="results-heading">
          <h2 id="results-heading" className="visually-hidden">Results</h2>
          {prompt}
          {result && (
            <>
              <div className="listing__toolbar">
                <p role="status" className="listing__count">
                  {countLabel(result.totalDocs, noun)}
                  {pages > 1 && <span className="listing__page"> · page {query.page} of {pages}</span>}
                </p>
                {result.totalDocs > 1 && !query.budget && <SortForm basePath={basePath} query={query} />}
                {query.budget && result.totalDocs > 0 && <p className="listing__sorted">Lowest monthly cost first</p>}
              </div>
              {result.searchedFor && result.cards.length > 0 && <p className="listing__searched-for">Showing results for “{result.searchedFor}”.</p>}
              {result.cards.length > 0 ? (
                <>
                  <div className="product-grid listing__grid">
                    {result.cards.map((p, i) => (
                      <ProductCard key={p.id} product={p} priority={i < 2} monthlyPence={example ? (monthly.get(p.id) ?? null) : null} exampleHref={example ? `#${LISTING_EXAMPLE_ID}` : null} compare />
                    ))}
                    <AnalyticsEvent
                      event={viewItemListEvent(
                        { id: basePath, name: title },
                        result.cards.map((c) => ({ sku: c.sku, slug: c.slug, name: c.name, brand: c.brandName, category: c.kind, unitPricePence: c.pricePence })),
                        (query.page - 1) * PAGE_SIZE,
                      )}
                    />
                  </div>
                  {/* Comparing needs the browser's list: without JavaScript the cards keep no empty room for it. */}
                  <noscript>
                    <style>{'.product-card__compare{display:none}'}</style>
                  </noscript>
                  <CompareBar />
                </>
              ) : empty ? (
                <div className="listing__empty">{empty}</div>
              ) : (
                <p className="listing__empty">
                  Nothing matches these filters. Try fewer filters or{' '}
                  <a href={listingHref(basePath, { ...EMPTY_LISTING_QUERY, sort: query.sort, q: query.q })}>
                    clear them all
                  </a>
                  .
                </p>
              )}
              <Pagination basePath={basePath} query={query} pages={pages} />
              {example && (
                <RepresentativeExample
                  example={example.example}
                  lenderName={example.lenderName}
                  disclosures={disclosures}
                  headingLevel={2}
                  id={LISTING_EXAMPLE_ID}
                  title={`Representative example: ${example.bikeName}`}
                  lead={<p className="listing__example-lead">{query.budget ? 'Monthly figures are hire purchase on your deposit and term, subject to status.' : 'Monthly figures are the first quote of each bike’s finance page, at its standard deposit and term, subject to status.'}</p>}
                />
              )}
            </>
          )}
        </section>
      </div>
    </div>
  )
}
