// The search box (a plain GET form) and the help shown before a search or when nothing matched.
import { paths } from '../../../config/paths'
import { MAX_SEARCH_LENGTH } from '../../../domain/catalogue/listing-query'

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
