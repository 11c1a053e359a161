import type { Metadata } from 'next'
import { parseCompareSlugs } from '../../../domain/catalogue/compare'
import { MAX_SAVED_BIKES } from '../../../domain/catalogue/saved-bikes'
import { currentCustomer } from '../../../features/account/session.server'
import { payloadClient } from '../../../cms/payload-client.server'
import { savedBikesOf } from '../../../features/account/saved-bikes.server'
import { cardsBySlugs } from '../../../features/catalogue/queries.server'
import { ProductCard } from '../../../features/catalogue/components/product-card'
import { RemoveSavedBike, SavedBikesManager } from '../../../features/account/components/saved-bikes-manager'
import { paths } from '../../../config/paths'
import '../../../features/account/account.css'

export const metadata: Metadata = { title: 'Saved bikes', robots: { index: false, follow: false } }
export const dynamic = 'force-dynamic'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

export default async function Page({ searchParams }: Props) {
  const customer = await currentCustomer()
  const saved = customer ? await savedBikesOf(await payloadClient(), customer.id) : null
  // A guest's list travels in the link (the browser puts it there); parseCompareSlugs keeps at most four, so read all.
  const raw = (await searchParams).bikes
  const linkSlugs = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(',').flatMap((s) => parseCompareSlugs(s)).slice(0, MAX_SAVED_BIKES)
  const slugs = saved ? saved.map((b) => b.slug) : linkSlugs
  const cards = await cardsBySlugs(slugs)
  return (
    <div className="container saved">
      <h1>Saved bikes</h1>
      <SavedBikesManager signedIn={Boolean(customer)} shown={slugs} alerts={Boolean(saved?.some((b) => b.alerts))} />
      {cards.length === 0 ? (
        <p>
          Nothing saved yet. Choose “Save this bike” on any bike’s page. <a href={paths.allBikes()}>Browse all bikes</a>
        </p>
      ) : (
        <>
          <ul className="product-grid saved__list">
            {cards.map((card) => (
              <li key={card.id}>
                <ProductCard product={card} />
                <RemoveSavedBike slug={card.slug} name={card.name} signedIn={Boolean(customer)} />
              </li>
            ))}
          </ul>
          {cards.length > 1 && (
            <p>
              <a className="button button--solid" href={paths.compare(cards.slice(0, 4).map((c) => c.slug))}>
                Compare {Math.min(cards.length, 4)} of these bikes
              </a>
            </p>
          )}
        </>
      )}
    </div>
  )
}
