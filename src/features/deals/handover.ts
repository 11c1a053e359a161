// How a customer takes their bike: the choices their deal page offers and the admin shows.
export const HANDOVER_OPTIONS = [
  { label: 'Collect from the shop', value: 'collection' },
  { label: 'Deliver to my address', value: 'delivery' },
] as const
