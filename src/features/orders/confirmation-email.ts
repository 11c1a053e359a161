// The order confirmation email: items, totals with the VAT they hold per rate (ADR 044), delivery or collection,
// what happens next, the right to cancel (CANCELLATION_DAYS, Consumer Contracts Regulations 2013) and the model
// cancellation form with the dealer's details (Schedule 3 Part B), and a link back to the order.
import { paths } from '../../config/paths'
import { CANCELLATION_DAYS, CONSUMER_CONTRACTS_REGULATIONS, REFUND_DAYS } from '../../domain/consumer-rights'
import { questionsBlock } from '../../domain/emails/dealer-contact'
import type { DealerDetails } from '../../domain/emails/email-brand'
import { box, button, heading, rows, text, type EmailBlock, type EmailContent, type EmailRow, type EmailSample } from '../../domain/emails/email-content'
import { formatPence } from '../../domain/money'
import { modelCancellationForm, OTHER_CLEAR_STATEMENT, type TraderDetails } from '../../domain/returns/model-cancellation-form'
import { analyseVat, parseVatBreakdown, vatRowsFor } from '../../domain/vat/vat'

export interface ConfirmationOrder {
  readonly orderNumber: string
  /** Placed by a signed-in customer: the email links to the order in their account, else to the order lookup. */
  readonly hasAccount?: boolean
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

export function addressLine(a: ConfirmationOrder['delivery']['shippingAddress']): string {
  return [a?.line1, a?.line2, a?.town, a?.postcode].filter(Boolean).join(', ')
}

export function deliveryDescription(order: ConfirmationOrder, dealer: Pick<DealerDetails, 'name'>): { heading: string; detail: string; next: string } {
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

/** The model cancellation form (Schedule 3 Part B) as a boxed part of an email, the dealer's details filled in. */
export function modelCancellationFormBlock(dealer: DealerDetails): EmailBlock {
  const trader: TraderDetails = { name: dealer.name, addressLines: dealer.addressLines, email: dealer.email }
  const form = modelCancellationForm(trader)
  return box(form.heading, [text(form.instruction), ...[form.to, ...form.lines].map((l) => text(`— ${l}`)), text(form.footnote, true)])
}

/**
 * Where the customer sees an order from an email: its page in their account when it was placed signed in, else the
 * order lookup (number and email address), as the site itself offers it.
 */
export function orderUrl(siteUrl: string, order: Pick<ConfirmationOrder, 'orderNumber' | 'hasAccount'>): string {
  return new URL(order.hasAccount ? paths.order(order.orderNumber) : paths.orderLookup(order.orderNumber), siteUrl).toString()
}

export function confirmationEmail(order: ConfirmationOrder, dealer: DealerDetails): EmailContent {
  const delivery = deliveryDescription(order, dealer)
  const discount = order.discountPence ?? 0
  const fee = order.delivery.feePence ?? 0
  const totals: EmailRow[] = [
    { label: 'Subtotal', value: formatPence(order.subtotalPence), ruleAbove: true },
    ...(discount > 0 ? [{ label: `Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, value: `−${formatPence(discount)}` }] : []),
    { label: 'Delivery', value: order.delivery.feeToBeQuoted ? 'to be quoted' : fee === 0 ? 'Free' : formatPence(fee) },
    ...((order.reservationDepositPence ?? 0) > 0 ? [{ label: 'Reservation deposit already paid', value: `−${formatPence(order.reservationDepositPence!)}` }] : []),
    { label: 'Total paid', value: formatPence(order.totalPence), strong: true },
    ...vatRowsFor(parseVatBreakdown(order.vatBreakdown), order.vatPence).map((row) => ({ label: row.label, value: row.value })),
  ]
  return {
    subject: `Your ${dealer.name} order ${order.orderNumber} is confirmed`,
    heading: `Order ${order.orderNumber} is confirmed`,
    blocks: [
      text(`Hello ${order.firstName}, thank you for your order. We have received your payment and your order ${order.orderNumber} is confirmed.`),
      heading('Items'),
      rows([...order.lines.map((l) => ({ label: `${l.count} × ${l.name}`, value: formatPence(l.lineTotalPence) })), ...totals]),
      heading(delivery.heading),
      text(delivery.detail),
      heading('What happens next'),
      text(delivery.next),
      button('View your order', orderUrl(dealer.siteUrl, order)),
      heading('Your right to cancel'),
      text(CANCELLATION_RIGHT_TEXT),
      text(OTHER_CLEAR_STATEMENT),
      modelCancellationFormBlock(dealer),
      questionsBlock(dealer),
    ],
  }
}

const sampleVat = analyseVat([
  { grossPence: 18_999 + 9_998 + 495, treatment: 'standard' },
  { grossPence: 44_999, treatment: 'zero' },
])

/** A sample order for the admin's email previews and the template test: a jacket, a helmet and two locks, posted. */
export const SAMPLE_ORDER: ConfirmationOrder = {
  orderNumber: 'WH-7K3F9Q',
  hasAccount: true,
  firstName: 'Ada',
  lastName: 'Rider',
  email: 'ada@example.co.uk',
  lines: [
    { name: 'Alpinestars T-GP Plus R v3 jacket – Black, M', count: 1, lineTotalPence: 18_999 },
    { name: 'Shoei NXR2 helmet – M', count: 1, lineTotalPence: 44_999 },
    { name: 'Oxford Monster chain lock', count: 2, lineTotalPence: 9_998 },
  ],
  subtotalPence: 73_996,
  vatPence: sampleVat.vatPence,
  vatBreakdown: sampleVat.byTreatment,
  totalPence: sampleVat.grossPence,
  delivery: { method: 'flat_rate', feePence: 495, shippingAddress: { line1: '2 Low Road', town: 'York', postcode: 'YO1 7HH' } },
}

/** The confirmation email on the sample order, for the admin's previews and the template test. */
export function confirmationEmailSamples(dealer: DealerDetails): EmailSample[] {
  return [{ id: 'order-confirmation', title: 'Order: confirmation', content: confirmationEmail(SAMPLE_ORDER, dealer) }]
}
