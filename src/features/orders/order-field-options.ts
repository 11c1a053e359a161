// The choices of an order's delivery method and payment method, with their labels: the orders collection's selects
// and the admin order page (order-staff-actions.server.ts) both read them.

export const DELIVERY_METHOD_OPTIONS = [
  { label: 'Collection from the shop (free)', value: 'free' },
  { label: 'Home delivery (flat rate)', value: 'flat_rate' },
  { label: 'Dealer van delivery', value: 'dealer_delivery' },
]

export const PAYMENT_METHOD_OPTIONS = [
  { label: 'Card', value: 'card' },
  { label: 'Pay in 3 with Klarna', value: 'klarna' },
  { label: 'Cycle to Work certificate (any balance by card)', value: 'cycle_to_work' },
]
