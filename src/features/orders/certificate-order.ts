// An order paid in part by a Cycle to Work certificate (ADR 053), as the order lifecycle, the staff page and the
// refunds read it: what its card pays, and the certificate's state. No 'server-only': pure reads of an order.
import { cardBalancePence, splitCertificateRefund, type CertificateRefundSplit } from '../../domain/payments/cycle-to-work'
import type { CertificateState } from '../../domain/payments/certificate-lifecycle'
import type { Order } from '../../payload-types'

/** Whether a certificate pays part of this order. */
export function paidByCertificate(order: Pick<Order, 'payment' | 'certificate'>): boolean {
  return order.payment?.method === 'cycle_to_work' && order.certificate?.valuePence != null
}

/** The certificate's state, or null for an order no certificate pays. */
export function certificateStateOf(order: Pick<Order, 'payment' | 'certificate'>): CertificateState | null {
  return paidByCertificate(order) ? ((order.certificate?.status ?? 'submitted') as CertificateState) : null
}

/** What the card pays for this order: its total, less a certificate's value. */
export function cardPencePayable(order: Pick<Order, 'totalPence' | 'payment' | 'certificate'>): number {
  return paidByCertificate(order) ? cardBalancePence(order.totalPence, order.certificate!.valuePence) : order.totalPence
}

/**
 * How money going back from this order is split (ADR 053): to the card first, up to the balance it paid and has not
 * had back; the rest was the certificate's and goes back through the scheme, never to the customer. An order no
 * certificate pays gives it all back to the card.
 */
export function refundSplitOf(order: Pick<Order, 'totalPence' | 'payment' | 'certificate'>, amountPence: number): CertificateRefundSplit {
  if (!paidByCertificate(order)) return { cardPence: amountPence, schemePence: 0 }
  const state = certificateStateOf(order)
  const returned = order.certificate?.returnedPence ?? 0
  return splitCertificateRefund({
    amountPence,
    cardPaidPence: order.payment?.paidAt ? cardPencePayable(order) : 0,
    cardRefundedPence: Math.max(0, (order.payment?.refundedPence ?? 0) - returned),
    certificateRedeemed: state === 'confirmed' || state === 'returned_to_scheme',
  })
}
