// The order confirmation email: items, totals with the VAT they hold per rate (ADR 044), delivery or collection,
// what happens next, the right to cancel (CANCELLATION_DAYS, Consumer Contracts Regulations 2013) and the model
// cancellation form with the dealer's details (Schedule 3 Part B). Plain text plus simple HTML.
import { addressLines, type PostalAddress } from '../../domain/invoices/sales-document'
import { formatPence } from '../../domain/money'
import { CANCELLATION_DAYS, CONSUMER_CONTRACTS_REGULATIONS, REFUND_DAYS } from '../../domain/consumer-rights'
import { modelCancellationForm, modelCancellationFormText, OTHER_CLEAR_STATEMENT } from '../../domain/returns/model-cancellation-form'
import { parseVatBreakdown, vatRowsFor } from '../../domain/vat/vat'

export interface ConfirmationOrder {
  readonly orderNumber: string
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly lines: readonly { readonly name: string; readonly count: number; readonly lineTotalPence: number }[]
  readonly subtotalPence: number
  readonly discountPence?: number | null
  readonly couponCode?: string | null
  readonly vatPence: number
  /** The order's stored VAT per treatment (JSON); absent on orders placed before it was kept. */
  readonly vatBreakdown?: unknown
  readonly totalPence: number
  /** A reservation's deposit, paid before and taken off this order's total. */
  readonly reservationDepositPence?: number | null
  readonly delivery: {
    readonly method: 'free' | 'flat_rate' | 'dealer_delivery'
    readonly feePence?: number | null
    readonly feeToBeQuoted?: boolean | null
    readonly shippingAddress?: { readonly line1?: string | null; readonly line2?: string | null; readonly town?: string | null; readonly postcode?: string | null } | null
  }
}

export interface DealerDetails {
  readonly name: string
  /** The shop's geographical address, for the model cancellation form. */
  readonly addressLines?: readonly string[]
  readonly phone?: string | null
  readonly email?: string | null
  readonly siteUrl: string
}

/** The dealer's geographical address from the site settings, one part a line, empty parts left out. */
export function dealerAddressLines(settings: { readonly address?: PostalAddress | null }): string[] {
  return addressLines(settings.address)
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

export function addressLine(a: ConfirmationOrder['delivery']['shippingAddress']): string {
  return [a?.line1, a?.line2, a?.town, a?.postcode].filter(Boolean).join(', ')
}

export function deliveryDescription(order: ConfirmationOrder, dealer: DealerDetails): { heading: string; detail: string; next: string } {
  const address = addressLine(order.delivery.shippingAddress)
  if (order.delivery.method === 'free') {
    return {
      heading: 'Collection from the shop',
      detail: address ? `${dealer.name}, ${address}` : dealer.name,
      next: `We will email you when your order is ready to collect. Please bring photo ID and your order number ${order.orderNumber}.`,
    }
  }
  if (order.delivery.method === 'dealer_delivery') {
    return {
      heading: 'Dealer delivery',
      detail: address,
      next: order.delivery.feeToBeQuoted
        ? 'We will call you to arrange a handover date and quote the delivery fee before anything is charged for it.'
        : 'We will call you to arrange a handover date.',
    }
  }
  return { heading: 'Home delivery', detail: address, next: 'We will email you when your order has been dispatched.' }
}

export const CANCELLATION_RIGHT_TEXT =
  `You have the right to cancel this order within ${CANCELLATION_DAYS} days of receiving your goods, without giving a reason (${CONSUMER_CONTRACTS_REGULATIONS}). ` +
  `To cancel, tell us by email or phone with your order number. We refund you, including standard delivery, within ${REFUND_DAYS} days of getting the goods back.`

export function confirmationEmail(order: ConfirmationOrder, dealer: DealerDetails): { subject: string; text: string; html: string } {
  const delivery = deliveryDescription(order, dealer)
  const discount = order.discountPence ?? 0
  const fee = order.delivery.feePence ?? 0
  const totals: [string, string][] = [
    ['Subtotal', formatPence(order.subtotalPence)],
    ...(discount > 0 ? ([[`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, `−${formatPence(discount)}`]] as [string, string][]) : []),
    ['Delivery', order.delivery.feeToBeQuoted ? 'to be quoted' : fee === 0 ? 'Free' : formatPence(fee)],
    ...((order.reservationDepositPence ?? 0) > 0 ? ([['Reservation deposit already paid', `−${formatPence(order.reservationDepositPence!)}`]] as [string, string][]) : []),
    ['Total paid', formatPence(order.totalPence)],
    ...vatRowsFor(parseVatBreakdown(order.vatBreakdown), order.vatPence).map((row): [string, string] => [row.label, row.value]),
  ]
  const trader = { name: dealer.name, addressLines: dealer.addressLines ?? [], email: dealer.email }
  const form = modelCancellationForm(trader)
  const contact = [dealer.phone, dealer.email].filter(Boolean).join(' or ')
  const subject = `Your Wheelhouse order ${order.orderNumber} is confirmed`
  const text = [
    `Hello ${order.firstName},`,
    '',
    `Thank you for your order. We have received your payment and your order ${order.orderNumber} is confirmed.`,
    '',
    'Items',
    ...order.lines.map((l) => `- ${l.count} × ${l.name}: ${formatPence(l.lineTotalPence)}`),
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    '',
    delivery.heading,
    delivery.detail,
    '',
    'What happens next',
    delivery.next,
    '',
    'Your right to cancel',
    CANCELLATION_RIGHT_TEXT,
    OTHER_CLEAR_STATEMENT,
    '',
    modelCancellationFormText(trader),
    '',
    contact ? `Questions? Contact ${dealer.name} on ${contact}.` : `Questions? Reply to this email.`,
    dealer.siteUrl,
  ].join('\n')
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:Arial,sans-serif;color:#14202e;line-height:1.5">
<h1 style="font-size:20px">Order ${escapeHtml(order.orderNumber)} is confirmed</h1>
<p>Hello ${escapeHtml(order.firstName)}, thank you for your order. We have received your payment.</p>
<table role="presentation" style="border-collapse:collapse">
${order.lines.map((l) => `<tr><td style="padding:4px 12px 4px 0">${l.count} × ${escapeHtml(l.name)}</td><td style="text-align:right">${formatPence(l.lineTotalPence)}</td></tr>`).join('\n')}
${totals.map(([k, v]) => `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(k)}</th><td style="text-align:right">${escapeHtml(v)}</td></tr>`).join('\n')}
</table>
<h2 style="font-size:16px">${escapeHtml(delivery.heading)}</h2>
<p>${escapeHtml(delivery.detail)}</p>
<h2 style="font-size:16px">What happens next</h2>
<p>${escapeHtml(delivery.next)}</p>
<h2 style="font-size:16px">Your right to cancel</h2>
<p>${escapeHtml(CANCELLATION_RIGHT_TEXT)}</p>
<p>${escapeHtml(OTHER_CLEAR_STATEMENT)}</p>
<div style="border:1px solid #c5ccd6;padding:12px;margin:12px 0">
<h3 style="font-size:15px;margin:0 0 4px">${escapeHtml(form.heading)}</h3>
<p style="margin:0 0 8px">${escapeHtml(form.instruction)}</p>
<ul style="list-style:none;padding:0;margin:0">
${[form.to, ...form.lines].map((l) => `<li>— ${escapeHtml(l)}</li>`).join('\n')}
</ul>
<p style="margin:8px 0 0">${escapeHtml(form.footnote)}</p>
</div>
<p>${contact ? `Questions? Contact ${escapeHtml(dealer.name)} on ${escapeHtml(contact)}.` : 'Questions? Reply to this email.'}</p>
</body></html>`
  return { subject, text, html }
}
