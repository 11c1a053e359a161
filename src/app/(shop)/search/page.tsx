import type { Metadata } from 'next'
import { hasFilters, parseListingQuery } from '../../../domain/catalogue/listing-query'
import { paths } from '../../../config/paths'
import { ListingView } from '../../../features/listing/components/listing-view'
import { SearchForm, SearchHelp, SearchNoResults } from '../../../features/listing/components/search-form'
import { listingMetadata } from '../../../features/listing/metadata'

export const revalidate = 300

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const query = parseListingQuery(await searchParams)
  return {
    ...listingMetadata({
      title: query.q ? `Search results for “${query.q}”` : 'Search',
      description: 'Search our motorcycles, scooters, bicycles, e-bikes, riderwear and accessories by name, brand, category or part number.',
      basePath: paths.search(),
      query,
    }),
    // result pages are endless variations; let crawlers follow the products, not index the searches
    robots: query.q ? { index: false, follow: true } : undefined,
  }
}

export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = await searchParams
  const query = parseListingQuery(raw)
  // Filters read from words (`a2 bikes`, `under 5000`) are the page's own filters, in its address: ticked boxes and
  // price fields a rider sees, counted in "Filters" and removed like any other, with or without JavaScript (ADR 073).
  // src/proxy.ts sends such a search to that address before the page renders.
  const searching = Boolean(query.q) || hasFilters(query)
  return (
    <ListingView
      basePath={paths.search()}
      raw={raw}
      query={query}
      scope={{ type: 'search' }}
      title={query.q ? `Search results for “${query.q}”` : 'Search'}
      intro={<SearchForm q={query.q} />}
      trail={[{ name: 'Home', href: paths.home() }, { name: 'Search', href: paths.search() }]}
      prompt={searching ? undefined : <SearchHelp />}
      empty={<SearchNoResults q={query.q} />}
    />
  )
}
