// The finance customer's name, address and delivery choice as the finance checkout keeps them between steps.
import type { ShippingAddress } from '../../domain/delivery/delivery'

export type FinanceContact = Omit<ShippingAddress, 'country'> & { readonly shippingMethod: 'free' | 'dealer_delivery' }

export const EMPTY_CONTACT: FinanceContact = { firstName: '', lastName: '', address1: '', address2: '', city: '', postcode: '', shippingMethod: 'free' }
