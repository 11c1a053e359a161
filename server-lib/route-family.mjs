// The route family of a request, for the latency histogram of /metrics: a small fixed set of names, so
// no request can add a series (a label per path would let anyone grow the metrics without bound).
const PAGE_FAMILIES = new Set([
  'all-bikes', 'products', 'category', 'brand', 'compare', 'saved', 'search', 'blog', 'basket', 'checkout',
  'finance-checkout-product', 'finance-checkout-accessories', 'finance-checkout-data', 'finance-checkout-summary',
  'login', 'logout', 'register', 'forgot-password', 'reset-password', 'account', 'orders', 'order-lookup',
  'bicycle-services', 'bicycle-services-success', 'test-ride', 'test-ride-success', 'bookings', 'reserve',
  'reservation-success', 'reservations', 'payment-success', 'payment-failure', 'test-gateway', 'sign-out', 'offline',
])
// The shop's own endpoints (src/app/api/*); anything else under /api is Payload's REST API.
const API_FAMILIES = new Set([
  'basket', 'bookings', 'checkout', 'finance', 'finance-provider', 'payments', 'reserve', 'saved-bikes', 'v1',
  'graphql', 'health', 'media', 'internal', 'users', 'customers', 'search', 'catalogue',
])

/** 'home', 'page:<top segment>', 'page:content' (CMS pages and not-found), 'api:<endpoint>', 'api:rest', 'admin', 'static', 'metrics'. */
export function routeFamily(url) {
  const pathname = String(url ?? '/').split('?')[0].toLowerCase()
  const segments = pathname.split('/').filter(Boolean)
  const [first, second] = segments
  if (!first) return 'home'
  if (first === '_next' || first === 'favicon.ico' || first === 'icons' || /\.[a-z0-9]+$/.test(pathname)) return 'static'
  if (first === 'admin') return 'admin'
  if (first === 'metrics') return 'metrics'
  if (first === 'wp-json') return 'api:wp-json'
  if (first === 'api') return second && API_FAMILIES.has(second) ? `api:${second}` : 'api:rest'
  return PAGE_FAMILIES.has(first) ? `page:${first}` : 'page:content'
}
