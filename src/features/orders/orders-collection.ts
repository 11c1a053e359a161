// Card and finance orders: what was bought at which price, the stock hold, the payment, and every status change with who and when.
import { JSON_VIEW } from '../../cms/fields/json-view'
import type { CollectionConfig } from 'payload'
import { adminOnly } from '../../cms/access/admin-only'
import { nobody } from '../../cms/access/nobody'
import { ownOrdersOrStaff } from '../../cms/access/own-orders-or-staff'
import { isStaffUser } from '../../cms/access/roles'
import { staffOnly } from '../../cms/access/staff-only'
import { addressGroup } from '../../cms/fields/address'
import { financeEvidenceFields } from '../../cms/fields/finance-evidence'
import { enforceOrderStatusChange, joinDealOnFinanceApproval, keepChangesMadeMeanwhile, keepShopOwnedFields, queueStatusEmail } from './order-status-change'
import { orderEndpoints } from './order-endpoints'
import { DELIVERY_METHOD_OPTIONS, PAYMENT_METHOD_OPTIONS } from './order-field-options'
import { queueInvoiceWhenPaid } from '../invoices/invoice-hooks'
import { hideRecordsOutOfReach } from '../../cms/hooks/hide-records-out-of-reach'
import { lockOrderMoneyForUpdate } from './order-money-lock'
import { penceField } from '../../cms/fields/pence'
import { historyField } from '../../cms/fields/history'
import { stockStateFields } from '../../cms/fields/stock-state'
import { financeStatusOptions, orderStatusOptions } from '../../domain/orders/order-status'
import { CYCLE_SCHEMES } from '../../domain/payments/cycle-to-work'
import { certificateStateOptions } from '../../domain/payments/certificate-lifecycle'

/** The admin's options, from the one declaration of an order's states (domain/orders/order-status.ts). */
export const ORDER_STATUSES = orderStatusOptions()

export const FINANCE_APPLICATION_STATUSES = financeStatusOptions()

const readOnly = { readOnly: true } as const

export const Orders: CollectionConfig = {
  slug: 'orders',
  admin: {
    useAsTitle: 'orderNumber',
    defaultColumns: ['orderNumber', 'kind', 'status', 'email', 'totalPence', 'createdAt'],
    group: 'Sales',
    listSearchableFields: ['orderNumber', 'email', 'lastName'],
  },
  // Orders are created only by the checkout and finance code, with plain INSERTs (insertOrder in
  // order-rows.server.ts, ADR 017), not Payload's create: a create hook or a field added here is not
  // written for them until it is added there (tests/int/order-rows.int.test.ts fails until then).
  access: { read: ownOrdersOrStaff, create: nobody, update: staffOnly, delete: adminOnly },
  endpoints: orderEndpoints,
  defaultSort: '-createdAt',
  hooks: { beforeOperation: [hideRecordsOutOfReach, lockOrderMoneyForUpdate], beforeChange: [keepShopOwnedFields, enforceOrderStatusChange, keepChangesMadeMeanwhile], afterChange: [queueStatusEmail, queueInvoiceWhenPaid, joinDealOnFinanceApproval] },
  fields: [
    // The page staff act on: lines, money, customer, refunds, returns and history, with the next steps as buttons.
    { name: 'staffPanel', type: 'ui', admin: { components: { Field: '/features/orders/components/order-panel#OrderPanel' } } },
    { name: 'orderNumber', type: 'text', required: true, unique: true, index: true, maxLength: 20, admin: { ...readOnly, position: 'sidebar' } },
    {
      name: 'kind',
      type: 'select',
      required: true,
      defaultValue: 'card',
      index: true,
      options: [
        { label: 'Card payment', value: 'card' },
        { label: 'Finance application', value: 'finance' },
      ],
      admin: { ...readOnly, position: 'sidebar' },
    },
    { name: 'status', type: 'select', required: true, defaultValue: 'awaiting_payment', index: true, options: ORDER_STATUSES, admin: { position: 'sidebar' } },
    {
      name: 'financeStatus',
      label: 'Finance application status',
      type: 'select',
      options: FINANCE_APPLICATION_STATUSES,
      admin: { position: 'sidebar', condition: (data) => data?.kind === 'finance' },
    },
    { name: 'customer', type: 'relationship', relationTo: 'users', index: true, admin: { position: 'sidebar' } },
    {
      type: 'row',
      fields: [
        { name: 'firstName', type: 'text', required: true, maxLength: 80 },
        { name: 'lastName', type: 'text', required: true, maxLength: 80 },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'email', type: 'email', required: true, index: true },
        { name: 'phone', type: 'text', required: true, maxLength: 30 },
      ],
    },
    addressGroup('address', 'Customer address'),
    {
      name: 'delivery',
      type: 'group',
      fields: [
        {
          name: 'method',
          type: 'select',
          required: true,
          defaultValue: 'free',
          options: DELIVERY_METHOD_OPTIONS,
        },
        penceField('feePence', 'Delivery fee', { defaultValue: 0 }),
        { name: 'feeToBeQuoted', type: 'checkbox', defaultValue: false, admin: { description: 'Van delivery beyond the priced distance: the dealer quotes it after the order.' } },
        { type: 'row', fields: [{ name: 'firstName', type: 'text', maxLength: 80 }, { name: 'lastName', type: 'text', maxLength: 80 }] },
        addressGroup('shippingAddress', 'Ship to / collect from'),
      ],
    },
    {
      name: 'lines',
      type: 'array',
      required: true,
      minRows: 1,
      maxRows: 50,
      admin: { readOnly: true },
      fields: [
        { type: 'row', fields: [
          { name: 'product', type: 'relationship', relationTo: 'products', required: true },
          { name: 'variant', type: 'relationship', relationTo: 'variants' },
        ] },
        { type: 'row', fields: [
          { name: 'name', type: 'text', required: true, maxLength: 200 },
          { name: 'sku', type: 'text', maxLength: 60 },
        ] },
        { type: 'row', fields: [
          penceField('unitPricePence', 'Unit price', { required: true }),
          { name: 'count', type: 'number', required: true, min: 1, max: 999 },
          { name: 'vatRatePercent', type: 'number', required: true, min: 0, max: 100 },
          penceField('lineTotalPence', 'Line total', { required: true }),
        ] },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'couponCode', type: 'text', maxLength: 40, admin: readOnly },
        { name: 'coupon', type: 'relationship', relationTo: 'coupons', admin: readOnly },
      ],
    },
    {
      type: 'row',
      fields: [
        penceField('subtotalPence', 'Subtotal', { required: true, admin: readOnly }),
        penceField('discountPence', 'Discount', { defaultValue: 0, admin: readOnly }),
        penceField('vatPence', 'VAT included', { required: true, admin: readOnly }),
        penceField('totalPence', 'Total', { required: true, admin: readOnly }),
      ],
    },
    {
      name: 'vatBreakdown',
      label: 'VAT by treatment',
      type: 'json',
      admin: { ...readOnly, description: 'What the total holds at each VAT treatment (standard, zero-rated, outside the scope of VAT, margin scheme), each with its gross, net and VAT in pence (ADR 044). Empty on orders placed before it was kept.', components: JSON_VIEW },
    },
    {
      name: 'vatLines',
      label: 'VAT by line',
      type: 'json',
      admin: { ...readOnly, description: 'Each line’s parts at their VAT treatment (its own supply, each charge outside the scope of VAT, delivery), as its invoice lists them (ADR 049). Empty on orders placed before it was kept.', components: JSON_VIEW },
    },
    {
      type: 'row',
      fields: [
        { name: 'reservation', type: 'relationship', relationTo: 'reservations', index: true, admin: { ...readOnly, description: 'The reservation this order completed: its bike came from the reservation’s hold.' } },
        penceField('reservationDepositPence', 'Reservation deposit deducted', { defaultValue: 0, admin: { ...readOnly, description: 'Already paid as the reservation deposit; the total is what was left to pay.' } }),
        penceField('exchangeCreditPence', 'Exchange credit', { defaultValue: 0, admin: { ...readOnly, description: 'A replacement for an exchanged item: paid by what the returned item cost; the total is what was left to pay.' } }),
      ],
    },
    {
      name: 'stock',
      type: 'group',
      admin: { description: 'Stock is taken off the shelf when the order is placed and put back if it is not paid, cancelled or refunded.' },
      fields: [
        ...stockStateFields({ held: 'Held for payment', holdExpires: 'When an unpaid card order or an undecided finance application gives its stock back. Staff may extend a finance application’s hold.' }),
        { name: 'couponCounted', type: 'checkbox', defaultValue: false, admin: { ...readOnly, description: 'Whether this order counts towards its coupon’s usage limit.' } },
      ],
    },
    {
      name: 'payment',
      type: 'group',
      fields: [
        { name: 'provider', type: 'text', maxLength: 40, admin: readOnly },
        {
          name: 'method',
          type: 'select',
          defaultValue: 'card',
          options: PAYMENT_METHOD_OPTIONS,
          admin: { ...readOnly, description: 'How the customer chose to pay; a refund goes back the same way.' },
        },
        { name: 'reference', type: 'text', index: true, maxLength: 255, admin: { ...readOnly, description: 'The provider’s id for this payment (checkout session or payment intent).' } },
        { name: 'paidAt', type: 'date', admin: readOnly },
        penceField('refundedPence', 'Refunded', { defaultValue: 0, admin: readOnly }),
        { name: 'failureMessage', type: 'text', maxLength: 300, admin: readOnly },
      ],
    },
    {
      // A Cycle to Work certificate that pays part of the order (ADR 053): its changes are written in the order's history.
      name: 'certificate',
      label: 'Cycle to Work certificate',
      type: 'group',
      admin: { condition: (data) => data?.payment?.method === 'cycle_to_work', description: 'Redeemed in full with this order. Staff confirm it with the scheme from the panel at the top; its changes are in the history.' },
      fields: [
        { type: 'row', fields: [
          { name: 'scheme', type: 'select', options: CYCLE_SCHEMES.map((s) => ({ label: s.label, value: s.value })), admin: readOnly },
          { name: 'number', label: 'Certificate number', type: 'text', maxLength: 24, admin: readOnly },
          // What redeems the certificate with the scheme: staff only, never shown back to anyone else.
          { name: 'redemptionCode', type: 'text', maxLength: 24, admin: readOnly, access: { read: ({ req }) => isStaffUser(req.user) } },
        ] },
        { type: 'row', fields: [
          penceField('valuePence', 'Certificate value', { admin: readOnly }),
          { name: 'status', type: 'select', options: certificateStateOptions(), admin: readOnly },
          penceField('returnedPence', 'Returned through the scheme', { admin: { ...readOnly, description: 'The part of the certificate’s value handed back through the scheme for cancelled or returned goods; never refunded to the customer.' } }),
        ] },
      ],
    },
    {
      name: 'finance',
      type: 'group',
      admin: { condition: (data) => data?.kind === 'finance' },
      fields: [
        { name: 'quoteId', type: 'text', maxLength: 100, admin: readOnly },
        { type: 'row', fields: [
          { name: 'lenderName', type: 'text', maxLength: 120, admin: readOnly },
          { name: 'funderCode', type: 'text', maxLength: 20, admin: readOnly },
          { name: 'facilityType', type: 'text', maxLength: 10, admin: readOnly },
        ] },
        { name: 'figures', type: 'json', admin: { ...readOnly, description: 'The quote’s figures as the customer accepted them.', components: JSON_VIEW } },
        // Copied from the recorded quote: the example and the disclosures the customer was shown when they applied.
        ...financeEvidenceFields(),
        {
          name: 'references',
          type: 'array',
          admin: { readOnly: true, description: 'Accessories recorded against this finance order (order-reference call).' },
          fields: [
            { type: 'row', fields: [
              { name: 'externalSystemName', type: 'text', maxLength: 80 },
              { name: 'externalOrderId', type: 'text', maxLength: 80 },
            ] },
            { name: 'items', type: 'json', admin: { components: JSON_VIEW } },
          ],
        },
      ],
    },
    {
      name: 'partExchange',
      label: 'Part-exchange',
      type: 'join',
      collection: 'part-exchange-valuations',
      on: 'order',
      admin: { condition: (data) => data?.kind === 'finance', description: 'The customer’s valuation quoted with this application, subject to inspection.' },
    },
    { name: 'checkoutKey', type: 'text', unique: true, index: true, maxLength: 100, admin: { hidden: true }, access: { read: () => false } },
    { name: 'accessTokenHash', type: 'text', maxLength: 128, admin: { hidden: true }, access: { read: () => false } },
    { name: 'staffNotes', type: 'textarea', maxLength: 5000, access: { read: ({ req }) => isStaffUser(req.user) } },
    historyField('Every change of status, stock or payment, newest last.', 'Who or what made the change when not a signed-in user: customer, payment webhook, hold expiry.'),
  ],
}
