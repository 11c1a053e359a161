// The search box (a plain GET form), the help shown before a search, and what a search that found nothing offers.
import { paths } from '../../../config/paths'
import { MAX_SEARCH_LENGTH } from '../../../domain/catalogue/listing-query'
import { payloadClient } from '../../../cms/payload-client.server'
import { didYouMean, popularCategories } from '../../search/search.server'

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

/** What a search that found nothing offers instead: the nearest match, then the busiest categories. */
export async function SearchNoResults({ q }: { q: string }) {
  const payload = await payloadClient()
  const [nearest, popular] = await Promise.all([didYouMean(payload, q), popularCategories(payload)])
  return (
    <div className="search-help">
      <p>No products match “{q}”.</p>
      {nearest && (
        <p className="search-help__suggestion">
          Did you mean <a href={paths.search(nearest)}>{nearest}</a>?
        </p>
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
