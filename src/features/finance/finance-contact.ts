// The finance customer's name, address and delivery choice as the finance checkout keeps them between steps.

export interface FinanceContact {
  readonly firstName: string
  readonly lastName: string
  readonly address1: string
  readonly address2: string
  readonly city: string
  readonly postcode: string
  readonly shippingMethod: 'free' | 'dealer_delivery'
}

export const EMPTY_CONTACT: FinanceContact = { firstName: '', lastName: '', address1: '', address2: '', city: '', postcode: '', shippingMethod: 'free' }
