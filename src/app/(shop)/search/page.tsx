import type { Metadata } from 'next'
import { parseListingQuery } from '../../../domain/catalogue/listing-query'
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
  return (
    <ListingView
      basePath={paths.search()}
      raw={raw}
      query={query}
      scope={{ type: 'search' }}
      title={query.q ? `Search results for “${query.q}”` : 'Search'}
      intro={<SearchForm q={query.q} />}
      trail={[{ name: 'Home', href: paths.home() }, { name: 'Search', href: paths.search() }]}
      prompt={query.q ? undefined : <SearchHelp />}
      empty={<SearchNoResults q={query.q} />}
    />
  )
}
