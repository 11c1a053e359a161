import type { Metadata } from 'next'
import { parseListingQuery } from '../../../domain/catalogue/listing-query'
import { paths } from '../../../config/paths'
import { ListingView } from '../../../features/listing/components/listing-view'
import { listingMetadata } from '../../../features/listing/metadata'

export const revalidate = 300

type SearchParams = Promise<Record<string, string | string[] | undefined>>

const TITLE = 'All bikes'
const DESCRIPTION = 'Every new and used motorcycle, scooter, bicycle and e-bike we have for sale, with finance and UK delivery.'

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return listingMetadata({ title: TITLE, description: DESCRIPTION, basePath: paths.allBikes(), query: parseListingQuery(await searchParams) })
}

export default async function AllBikesPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = await searchParams
  return (
    <ListingView
      basePath={paths.allBikes()}
      raw={raw}
      query={parseListingQuery(raw)}
      scope={{ type: 'bikes' }}
      title={TITLE}
      intro={<p className="listing__intro">New and used motorcycles, scooters, bicycles and e-bikes.</p>}
      trail={[{ name: 'Home', href: paths.home() }, { name: TITLE, href: paths.allBikes() }]}
      noun="bike"
    />
  )
}
