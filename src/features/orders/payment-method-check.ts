// Whether the payment method a checkout asked for suits the order as the server priced it: Klarna's Pay in 3 only
// where the basket's kinds and total allow it, a Cycle to Work certificate only where the basket's eligible goods
// can take all of it (never trusting what the browser decided).
import { payLaterVerdict } from '../../domain/payments/pay-later'
import { redeemCertificate, type CertificateRedemption } from '../../domain/payments/cycle-to-work'
import type { SiteSetting } from '../../payload-types'
import type { PricedBasket } from '../basket/price-basket.server'
import { cycleToWorkSettingsOf } from '../payments/cycle-to-work-settings'
import { payLaterSettingsOf } from '../payments/pay-later-settings'
import type { PlaceOrderInput, PlaceOrderRefusal } from './order-contract'

export function paymentMethodRefusal(input: Pick<PlaceOrderInput, 'kind' | 'paymentMethod' | 'certificate'>, priced: Pick<PricedBasket, 'lines'>, totalPence: number, settings: Pick<SiteSetting, 'payLater' | 'cycleToWork'>): PlaceOrderRefusal | null {
  if (input.kind !== 'card') return null
  if (input.paymentMethod === 'cycle_to_work' || input.certificate) {
    const redeemed = certificateRedemption(input, priced, totalPence, settings)
    return redeemed.ok ? null : { ok: false, status: 422, code: 'certificate_refused', message: redeemed.message, ...(redeemed.shortfallPence !== undefined ? { shortfallPence: redeemed.shortfallPence } : {}) }
  }
  if (input.paymentMethod !== 'klarna') return null
  const verdict = payLaterVerdict(priced.lines.map((l) => ({ name: l.item.product.name, kind: l.kind })), totalPence, payLaterSettingsOf(settings))
  return verdict.available ? null : { ok: false, status: 422, code: 'payment_method_unavailable', message: verdict.message }
}

/** How the order's certificate pays for the priced basket: the card balance, or why it cannot be used here. */
export function certificateRedemption(input: Pick<PlaceOrderInput, 'paymentMethod' | 'certificate'>, priced: Pick<PricedBasket, 'lines'>, totalPence: number, settings: Pick<SiteSetting, 'cycleToWork'>): CertificateRedemption {
  if (input.paymentMethod !== 'cycle_to_work' || !input.certificate) return { ok: false, code: 'value', message: 'To pay with a Cycle to Work certificate, enter its scheme, number, redemption code and value.' }
  const lines = priced.lines.map((l) => ({ name: l.item.product.name, kind: l.kind, lineTotalPence: l.item.product.pricePence * l.item.count }))
  return redeemCertificate({ scheme: input.certificate.scheme, certificatePence: input.certificate.valuePence, lines, totalPence }, cycleToWorkSettingsOf(settings))
}
