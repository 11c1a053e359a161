// Typed link builders: every storefront URL is made here, so a route change is one edit.

/** The id of the model cancellation form's section on the returns page. */
export const MODEL_FORM_ID = 'model-cancellation-form'

export const paths = {
  home: () => '/',
  allBikes: (query?: string) => (query ? `/all-bikes?${query}` : '/all-bikes'),
  product: (slug: string) => `/products/${encodeURIComponent(slug)}`,
  /** category path is the stored `path` (parent/child) */
  category: (path: string) => `/category/${path.split('/').map(encodeURIComponent).join('/')}`,
  brand: (slug: string) => `/brand/${encodeURIComponent(slug)}`,
  /** Up to four bikes side by side; the list is the link, so a comparison can be shared. */
  compare: (slugs: readonly string[] = []) => (slugs.length ? `/compare?bikes=${slugs.map(encodeURIComponent).join(',')}` : '/compare'),
  /** A customer's saved bikes; a guest's list travels in the link, as the compare page's does. */
  saved: (slugs: readonly string[] = []) => (slugs.length ? `/saved?bikes=${slugs.map(encodeURIComponent).join(',')}` : '/saved'),
  /** The saved-bikes endpoint the browser calls (GET the list, POST a change). */
  savedBikesApi: () => '/api/saved-bikes',
  savedAlertsUnsubscribe: (token: string) => `/saved/unsubscribe?token=${encodeURIComponent(token)}`,
  savedAlertsUnsubscribeApi: (token: string) => `/api/saved-bikes/unsubscribe?token=${encodeURIComponent(token)}`,
  search: (q?: string) => (q ? `/search?q=${encodeURIComponent(q)}` : '/search'),
  /** The header combobox's suggestions (JSON). */
  searchSuggest: (q: string) => `/api/search/suggest?q=${encodeURIComponent(q)}`,
  page: (slug: string) => `/${encodeURIComponent(slug)}`,
  /** The model cancellation form on the returns page (CCR 2013 Sch. 3 Part B); the form's id is MODEL_FORM_ID. */
  modelCancellationForm: () => `/returns#${MODEL_FORM_ID}`,
  blog: () => '/blog',
  post: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  basket: () => '/basket',
  basketDeliveryOptions: () => '/basket/delivery-options',
  checkout: () => '/checkout',
  /** "Value my bike": a part-exchange valuation anyone can ask for, kept in the browser for the finance checkout and a reservation. */
  valueMyBike: () => '/value-my-bike',
  financeCheckoutProduct: (productSlug: string) => `/finance-checkout-product?product=${encodeURIComponent(productSlug)}`,
  /** A reserved bike's finance checkout: the link token from the reservation email, which the quote step keeps. */
  financeCheckoutReserved: (productSlug: string, reservationToken: string) =>
    `/finance-checkout-product?product=${encodeURIComponent(productSlug)}&reservation=${encodeURIComponent(reservationToken)}`,
  financeCheckoutAccessories: (productSlug: string) => `/finance-checkout-accessories?product=${encodeURIComponent(productSlug)}`,
  financeCheckoutData: (productSlug: string) => `/finance-checkout-data?product=${encodeURIComponent(productSlug)}`,
  financeCheckoutSummary: (productSlug: string) => `/finance-checkout-summary?product=${encodeURIComponent(productSlug)}`,
  login: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  logout: () => '/logout',
  register: (next?: string) => (next ? `/register?next=${encodeURIComponent(next)}` : '/register'),
  forgotPassword: () => '/forgot-password',
  account: () => '/account',
  orders: () => '/orders',
  /** lower case: storefront paths are matched without case and the proxy sends capitals to lower case */
  order: (orderNumber: string) => `/orders/${encodeURIComponent(orderNumber.toLowerCase())}`,
  /** A guest cancels or returns items of an order (by its number and email address). */
  cancelItems: (orderNumber?: string) => (orderNumber ? `/order-lookup/cancel?number=${encodeURIComponent(orderNumber)}` : '/order-lookup/cancel'),
  orderLookup: (orderNumber?: string) => (orderNumber ? `/order-lookup?number=${encodeURIComponent(orderNumber)}` : '/order-lookup'),
  bicycleServices: () => '/bicycle-services',
  bicycleServicesSuccess: (token: string) => `/bicycle-services-success?token=${encodeURIComponent(token)}`,
  testRide: (productSlug: string) => `/test-ride?product=${encodeURIComponent(productSlug)}`,
  testRideSuccess: (token: string) => `/test-ride-success?token=${encodeURIComponent(token)}`,
  manageBooking: (token: string) => `/bookings/manage?token=${encodeURIComponent(token)}`,
  /** The same page asking once more before a cancellation: a link, so the question needs no JavaScript. */
  confirmBookingCancel: (token: string) => `/bookings/manage?token=${encodeURIComponent(token)}&confirm=cancel#cancel-heading`,
  bookingCalendar: (token: string) => `/api/bookings/calendar?token=${encodeURIComponent(token)}`,
  accountBookings: () => '/account/bookings',
  /** A customer's deal for one bike: signed in, or by the signed link (token) from its emails and result pages. */
  deal: (id: number | string, token?: string) => `/deals/${encodeURIComponent(String(id))}${token ? `?token=${encodeURIComponent(token)}` : ''}`,
  /** One click stops a deal's reminder (List-Unsubscribe too). */
  dealUnsubscribe: (token: string) => `/deals/unsubscribe?token=${encodeURIComponent(token)}`,
  reserve: (productSlug: string) => `/reserve?product=${encodeURIComponent(productSlug)}`,
  reservationSuccess: (reservationNumber: string) => `/reservation-success?reservation=${encodeURIComponent(reservationNumber)}`,
  manageReservation: (token: string) => `/reservations/manage?token=${encodeURIComponent(token)}`,
  completeReservation: (token: string) => `/reservations/complete?token=${encodeURIComponent(token)}`,
  /** Where a card payment ends: the order's result pages. */
  paymentSuccess: (orderNumber: string) => `/payment-success?order=${encodeURIComponent(orderNumber)}`,
  paymentFailure: (orderNumber: string) => `/payment-failure?order=${encodeURIComponent(orderNumber)}`,
  /** The Stripe card page of an order and of a reservation deposit. */
  checkoutPay: (orderNumber: string) => `/checkout/pay/${encodeURIComponent(orderNumber)}`,
  reservationPay: (reservationNumber: string) => `/reservations/pay/${encodeURIComponent(reservationNumber)}`,
  /** The built-in test gateway's hosted card page. */
  testGatewayPay: (sessionId: string) => `/test-gateway/pay/${encodeURIComponent(sessionId)}`,
  /** Staff: a stock file sent from the admin (POST), an import's refused rows as CSV, and its page in the admin. */
  catalogueImportUpload: () => '/api/catalogue/imports',
  catalogueImportRefused: (id: number | string) => `/api/catalogue/imports/${encodeURIComponent(String(id))}/refused`,
  /** Staff: every customer email with sample data (an admin view, at /email-previews inside the admin: payload.config.ts). */
  adminEmailPreviews: (emailId?: string) => `/admin/email-previews${emailId ? `?email=${encodeURIComponent(emailId)}` : ''}`,
  adminCatalogueImport: (id: number | string) => `/admin/collections/catalogue-imports/${encodeURIComponent(String(id))}`,
  exports: () => '/api/exports',
  exportFile: (id: number | string) => `/api/exports/${encodeURIComponent(String(id))}/csv`,
  /** For machines: the Google Merchant Center product feed, the sitemap index and its numbered files (from 1). */
  googleMerchantFeed: () => '/feeds/google-merchant.xml',
  sitemapIndex: () => '/sitemap.xml',
  sitemapFile: (n: number) => `/sitemaps/${n}.xml`,
  accountAfterPasswordReset: () => '/account?reset=1',
  confirmEmail: () => '/account/confirm-email',
  /** The shop's JSON endpoints the browser calls (their request and answer types: features/<name>/api/). */
  api: {
    basketPrice: () => '/api/basket/price',
    savedBasket: () => '/api/basket/saved',
    checkoutOrders: () => '/api/checkout/orders',
    reserve: () => '/api/reserve',
    reserveCancel: () => '/api/reserve/cancel',
    financeQuotes: () => '/api/finance/quotes',
    financeOrders: () => '/api/finance/orders',
    partExchange: () => '/api/finance/part-exchange',
    relatedProducts: (ids: readonly number[]) => `/api/v1/related-products?ids=${ids.join(',')}`,
    accountErasure: () => '/api/account/erasure',
    returnChoices: () => '/api/v1/customer/returns/choices',
    returnStep: (id: number | string, step: string) => `/api/returns/${encodeURIComponent(String(id))}/${encodeURIComponent(step)}`,
    orderStep: (id: number | string, step: 'staff-view' | 'status' | 'certificate') => `/api/orders/${encodeURIComponent(String(id))}/${step}`,
    orderPartRefund: (id: number | string) => `/api/refunds/orders/${encodeURIComponent(String(id))}`,
    usedBikeLookup: () => '/api/used-bikes/lookup',
    /** One click from a deal's reminder (mail programs post here themselves, RFC 8058). */
    /** The finance checkout's details step opens the customer's deal when they agree to be contacted. */
    dealStarted: () => '/api/deals/started',
    dealUnsubscribe: (token: string) => `/api/deals/unsubscribe?token=${encodeURIComponent(token)}`,
    /** Payload's own: who is signed in, for the browser. */
    me: () => '/api/users/me',
    /** Payload's own REST read of one document, for the admin's views. */
    document: (collection: string, id: number | string, query: string) => `/api/${encodeURIComponent(collection)}/${encodeURIComponent(String(id))}?${query}`,
  },
} as const
