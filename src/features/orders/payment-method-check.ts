// Whether the payment method a checkout asked for suits the order as the server priced it: Klarna's Pay in 3
// only where the basket's kinds and total allow it (never trusting what the browser decided).
import { payLaterVerdict } from '../../domain/payments/pay-later'
import type { SiteSetting } from '../../payload-types'
import type { PricedBasket } from '../basket/price-basket.server'
import { payLaterSettingsOf } from '../payments/pay-later-settings'
import type { PlaceOrderInput, PlaceOrderRefusal } from './order-contract'

export function paymentMethodRefusal(input: Pick<PlaceOrderInput, 'kind' | 'paymentMethod'>, priced: Pick<PricedBasket, 'lines'>, totalPence: number, settings: Pick<SiteSetting, 'payLater'>): PlaceOrderRefusal | null {
  if (input.kind !== 'card' || input.paymentMethod !== 'klarna') return null
  const verdict = payLaterVerdict(priced.lines.map((l) => ({ name: l.item.product.name, kind: l.kind })), totalPence, payLaterSettingsOf(settings))
  return verdict.available ? null : { ok: false, status: 422, code: 'payment_method_unavailable', message: verdict.message }
}
