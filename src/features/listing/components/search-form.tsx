// The search box (a plain GET form), the help shown before a search, and what a search that found nothing offers.
import { paths } from '../../../config/paths'
import { MAX_SEARCH_LENGTH } from '../../../domain/catalogue/listing-query'
import { payloadClient } from '../../../cms/payload-client.server'
import { didYouMean, popularCategories } from '../../search/search.server'
import { nearestNames } from '../../../domain/search/nearest-names'
import { allBrands, allCategories } from '../categories-and-brands.server'

export function SearchForm({ q }: { q: string }) {
  return (
    <form method="get" action={paths.search()} role="search" className="search-form">
      <label htmlFor="search-q">Search products</label>
      <div className="search-form__row">
        <input id="search-q" name="q" type="search" defaultValue={q} maxLength={MAX_SEARCH_LENGTH} autoComplete="off" />
        <button type="submit" className="listing-button listing-button--primary">Search</button>
      </div>
    </form>
  )
}

export function SearchHelp({ q }: { q?: string }) {
  return (
    <div className="search-help">
      {q ? <p>No products match “{q}”. Check the spelling, or try fewer or more general words.</p> : <p>Type a bike, brand, category or part number, for example “Honda”, “helmet” or “KTM 390”.</p>}
      <p>
        Or browse <a href={paths.allBikes()}>all bikes</a>, <a href={paths.category('riderwear')}>riderwear</a> and{' '}
        <a href={paths.category('bike-accessories')}>accessories</a>.
      </p>
    </div>
  )
}

/**
 * What a search that found nothing offers instead: the nearest match, the brands and categories whose names are
 * nearest to the words typed, and only when none is near, the busiest categories.
 */
export async function SearchNoResults({ q }: { q: string }) {
  const payload = await payloadClient()
  const [nearest, brands, categories] = await Promise.all([didYouMean(payload, q), allBrands(), allCategories()])
  const near = [
    ...nearestNames(q, brands).map((b) => ({ key: `brand:${b.slug}`, name: b.name, href: paths.brand(b.slug), what: 'brand' })),
    ...nearestNames(q, categories).map((c) => ({ key: `category:${c.path}`, name: c.name, href: paths.category(c.path), what: 'category' })),
  ]
  const popular = near.length === 0 ? await popularCategories(payload) : []
  return (
    <div className="search-help">
      <p>No products match “{q}”.</p>
      {nearest && (
        <p className="search-help__suggestion">
          Did you mean <a href={paths.search(nearest)}>{nearest}</a>?
        </p>
      )}
      {near.length > 0 && (
        <>
          <p>Nearest to what you typed:</p>
          <ul className="search-help__categories">
            {near.map((n) => (
              <li key={n.key}>
                <a href={n.href}>{n.name}</a> ({n.what})
              </li>
            ))}
          </ul>
        </>
      )}
      {popular.length > 0 && (
        <>
          <p>Popular categories:</p>
          <ul className="search-help__categories">
            {popular.map((c) => (
              <li key={c.path}>
                <a href={paths.category(c.path)}>{c.name}</a> ({c.count})
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
