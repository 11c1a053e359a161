// How a customer takes their bike: the choices their deal page offers and the admin shows.
export const HANDOVER_OPTIONS = [
  { label: 'Collect from the shop', value: 'collection' },
  { label: 'Deliver to my address', value: 'delivery' },
] as const

/** The row a quote's delivery charge shows on the deal page and in the quote email. */
export const QUOTED_DELIVERY_LABEL = 'Delivery by our van, paid at the handover'
