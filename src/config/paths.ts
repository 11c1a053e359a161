// Typed link builders: every storefront URL is made here, so a route change is one edit.

export const paths = {
  home: () => '/',
  allBikes: (query?: string) => (query ? `/all-bikes?${query}` : '/all-bikes'),
  product: (slug: string) => `/products/${encodeURIComponent(slug)}`,
  /** category path is the stored `path` (parent/child) */
  category: (path: string) => `/category/${path.split('/').map(encodeURIComponent).join('/')}`,
  brand: (slug: string) => `/brand/${encodeURIComponent(slug)}`,
  search: (q?: string) => (q ? `/search?q=${encodeURIComponent(q)}` : '/search'),
  page: (slug: string) => `/${encodeURIComponent(slug)}`,
  blog: () => '/blog',
  post: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  basket: () => '/basket',
  financeCheckoutProduct: (productSlug: string) => `/finance-checkout-product?product=${encodeURIComponent(productSlug)}`,
  login: () => '/login',
} as const
