// Page links for a listing: plain links, so paging works without JavaScript and every page has an address.
import { listingHref, pageLinks, type ListingQuery } from '../../../domain/catalogue/listing-query'

export function Pagination({ basePath, query, pages }: { basePath: string; query: ListingQuery; pages: number }) {
  if (pages <= 1) return null
  const current = query.page
  return (
    <nav aria-label="Pagination" className="pagination">
      <ul>
        <li>
          {current > 1 ? (
            <a href={listingHref(basePath, query, { page: current - 1 })} rel="prev" className="pagination__step">
              Previous<span className="visually-hidden"> page</span>
            </a>
          ) : (
            <span className="pagination__step pagination__step--off" aria-hidden="true">Previous</span>
          )}
        </li>
        {pageLinks(current, pages).map((link) =>
          link.kind === 'gap' ? (
            <li key={link.key} aria-hidden="true" className="pagination__gap">…</li>
          ) : (
            <li key={link.page}>
              <a
                href={listingHref(basePath, query, { page: link.page })}
                aria-current={link.current ? 'page' : undefined}
                className="pagination__page"
              >
                <span className="visually-hidden">Page </span>
                {link.page}
              </a>
            </li>
          ),
        )}
        <li>
          {current < pages ? (
            <a href={listingHref(basePath, query, { page: current + 1 })} rel="next" className="pagination__step">
              Next<span className="visually-hidden"> page</span>
            </a>
          ) : (
            <span className="pagination__step pagination__step--off" aria-hidden="true">Next</span>
          )}
        </li>
      </ul>
    </nav>
  )
}
