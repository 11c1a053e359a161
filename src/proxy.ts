// Routing rules of spec §2 that apply before any route: path matching ignores case, so a path with
// capitals is sent to its lower-case form. (Next.js itself strips trailing slashes with a 308.)
// GraphQL requests over the shop's limits are refused here, before Payload parses them (ADR 021).
// A search whose words set filters (`a2 bikes`, `under 5000`) is sent to the address with those filters as its own
// (ADR 073, 082), here, so that no route renders anything for it: the search page itself never redirects.
import { NextResponse, type NextRequest } from 'next/server'
import { graphqlRefusal } from './cms/graphql/graphql-gate'
import { paths } from './config/paths'
import { listingHref, parseListingQuery } from './domain/catalogue/listing-query'
import { filtersShown } from './domain/search/query-filters'

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl
  if (pathname === '/api/graphql') return (await graphqlRefusal(request)) ?? NextResponse.next()
  if (pathname === paths.search() && request.nextUrl.searchParams.has('q')) {
    const shown = filtersShown(parseListingQuery(request.nextUrl.searchParams))
    if (shown) return NextResponse.redirect(new URL(listingHref(paths.search(), shown), request.nextUrl), 307)
  }
  if (pathname === pathname.toLowerCase()) return NextResponse.next()
  const url = request.nextUrl.clone()
  url.pathname = pathname.toLowerCase()
  return NextResponse.redirect(url, 308)
}

export const config = {
  // Not for Payload (admin, API, media files), Next's own assets, or files with an extension; GraphQL's gate only.
  matcher: ['/((?!api|admin|_next|.*\\.[a-zA-Z0-9]+$).*)', '/api/graphql'],
}
