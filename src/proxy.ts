// Routing rules of spec §2 that apply before any route: path matching ignores case, so a path with
// capitals is sent to its lower-case form. (Next.js itself strips trailing slashes with a 308.)
import { NextResponse, type NextRequest } from 'next/server'

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl
  if (pathname === pathname.toLowerCase()) return NextResponse.next()
  const url = request.nextUrl.clone()
  url.pathname = pathname.toLowerCase()
  return NextResponse.redirect(url, 308)
}

export const config = {
  // Not for Payload (admin, API, media files), Next's own assets, or files with an extension.
  matcher: ['/((?!api|admin|_next|.*\\.[a-zA-Z0-9]+$).*)'],
}
