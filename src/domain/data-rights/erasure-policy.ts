// What erasure does to each collection that relates to a customer (customer-relation.ts finds them), and which
// fields the law makes the shop keep, with the reason and for how long (ADR 050 says the same in prose). A
// collection that relates to a customer and is missing here fails the data-rights tests: whoever adds one decides
// here what erasure does to it.

export interface Retained {
  readonly path: string
  readonly reason: string
  readonly period: string
  /** Kept only on records that were paid for (a sale the VAT records must show); cleared on the others. */
  readonly onlyIfPaid?: boolean
}

export type ErasurePolicy =
  /** The customer's account: signed out everywhere and deleted last, after every record pointing at it. */
  | { readonly action: 'account'; readonly why: string }
  /** Removed whole: nothing in it is needed once the customer has gone. */
  | { readonly action: 'delete'; readonly why: string }
  /** Kept, with `clear` emptied and the customer's email and phone scrubbed from every other text, except `retain`. */
  | { readonly action: 'anonymise'; readonly clear: readonly string[]; readonly retain: readonly Retained[]; readonly why: string }
  /** Kept as it is: it holds no personal data of its own, only a link to a record that is anonymised. */
  | { readonly action: 'keep'; readonly why: string }
  /** Relates to staff accounts, never to a customer's: not part of a customer's data. */
  | { readonly action: 'staff-only'; readonly why: string }

const SIX_YEARS = '6 years from the end of the VAT accounting period of the sale'
const VAT_RECORD = 'VAT records, and a full VAT invoice shows the customer\u2019s name and address (Value Added Tax Regulations 1995, reg. 14 and 31); the margin scheme stock book shows the buyer\u2019s name and address (HMRC Notice 718/1)'
const MONEY_RECORD = 'accounting records of money taken and refunded (Companies Act 2006 s.386\u2013388; VAT Act 1994 Sch. 11 para. 6)'

const contact = ['email', 'phone'] as const
const names = ['firstName', 'lastName'] as const
const billingAddress = ['address.line1', 'address.line2', 'address.town', 'address.county', 'address.postcode', 'address.country'] as const
const history = ['history.by', 'history.actor'] as const

export const ERASURE_POLICY: Readonly<Record<string, ErasurePolicy>> = {
  users: { action: 'account', why: 'The account itself: its sessions and API tokens end and the record is deleted, so it can no longer sign in.' },
  orders: {
    action: 'anonymise',
    clear: ['customer', ...contact, ...names, ...billingAddress, 'delivery.firstName', 'delivery.lastName', 'delivery.shippingAddress.line1', 'delivery.shippingAddress.line2', 'delivery.shippingAddress.town', 'delivery.shippingAddress.county', 'delivery.shippingAddress.postcode', 'delivery.shippingAddress.country', 'staffNotes', 'checkoutKey', 'accessTokenHash', ...history],
    retain: [
      ...[...names, ...billingAddress].map((path) => ({ path, reason: VAT_RECORD, period: SIX_YEARS, onlyIfPaid: true })),
      { path: 'lines, totals, vatBreakdown, payment, finance', reason: MONEY_RECORD, period: SIX_YEARS },
    ],
    why: 'A sale is a VAT and accounting record: its figures stay; who bought it stays only as far as a VAT invoice needs, and only for a sale that was paid.',
  },
  reservations: {
    action: 'anonymise',
    clear: ['customer', ...contact, ...names, 'reservationKey', 'releaseReason', ...history],
    retain: [{ path: 'pricePence, depositPence, payment', reason: MONEY_RECORD, period: SIX_YEARS }],
    why: 'A deposit taken and refunded is an accounting record: the money stays, the person goes (a reservation that became a sale keeps its order).',
  },
  bookings: {
    action: 'anonymise',
    clear: ['customer', ...contact, ...names, 'service.bike.notes', 'service.extraWork.description', 'testRide.licence', 'testRide.categoryNeeded', 'staffNotes', ...history],
    retain: [{ path: 'service.lines, service.totalPence, service.extraWork.quotePence', reason: MONEY_RECORD, period: SIX_YEARS }],
    why: 'Workshop work charged for is an accounting record: the work and its price stay, the person, their bike notes and licence go.',
  },
  deals: {
    action: 'delete',
    why: 'A deal is the sales team\u2019s working record of a customer\u2019s steps: once the customer has gone nothing in it is needed, and the money it led to is kept on its order and reservation.',
  },
  'part-exchange-valuations': {
    action: 'anonymise',
    clear: ['vrm', 'answers.damageDescription', 'inspection.adjustmentReason', 'inspection.notes'],
    retain: [],
    why: 'The registration mark identifies the owner; the valuation\u2019s figures stay with the order they priced. A vehicle the dealer took in is a product of its own, with its stock-book record there.',
  },
  invoices: {
    action: 'anonymise',
    clear: [],
    retain: [{ path: 'document, pdf', reason: VAT_RECORD, period: SIX_YEARS }],
    why: 'An invoice or credit note is kept exactly as issued: it shows the buyer\u2019s name and address, which a VAT invoice must, and no email or phone.',
  },
  returns: {
    action: 'anonymise',
    clear: ['customer', 'email', 'reason'],
    retain: [{ path: 'lines, ground, dates, deduction and its reason, refunds', reason: MONEY_RECORD, period: SIX_YEARS }],
    why: 'A return and what it refunded is an accounting record: the goods, the dates and the money stay; who sent them back, their address and their words go.',
  },
  refunds: { action: 'keep', why: 'Money given back to an order, with the provider\u2019s reference: no person of its own; the order is anonymised.' },
  'finance-quotes': { action: 'keep', why: 'A quote holds a product and its figures, no person; it is found through the customer\u2019s valuation.' },
  'payment-events': { action: 'keep', why: 'Which provider event was applied to which order, so a repeated webhook is not applied twice; no person.' },
  'login-throttles': { action: 'delete', why: 'Failed sign-ins counted under the account\u2019s address: they end with the account.' },
  'api-tokens': { action: 'delete', why: 'Sign-in tokens of the account: they end with it.' },
  'saved-bikes': { action: 'delete', why: 'Saved bikes and their alerts exist only for the customer.' },
  'data-requests': {
    action: 'anonymise',
    clear: ['customer', 'subjectEmail'],
    retain: [{ path: 'accountNumber, kind, status, requestedAt, completedAt, outcome, channel', reason: 'proof that the request was answered, and when (UK GDPR Art. 5(2) and 12(3))', period: '6 years from the request' }],
    why: 'The record that the request was made and answered stays; who it was about is reduced to the number of an account that no longer exists.',
  },
  'payload-preferences': { action: 'delete', why: 'Admin screen preferences of the account (only staff use the admin).' },
  'payload-locked-documents': { action: 'delete', why: 'Admin edit locks held by the account (only staff use the admin).' },
  'data-exports': { action: 'staff-only', why: 'Its account link is the staff member who ran an export; the files are the shop\u2019s own lists.' },
  'catalogue-imports': { action: 'staff-only', why: 'Its account link is the staff member who ran an import.' },
  'catalogue-changes': { action: 'staff-only', why: 'Related only through catalogue imports, which staff run.' },
}

/** The dot paths a policy keeps on a record, given whether the record was paid for. */
export function retainedPaths(policy: ErasurePolicy | undefined, paid: boolean): readonly string[] {
  if (!policy || policy.action !== 'anonymise') return []
  return policy.retain.filter((r) => !r.onlyIfPaid || paid).flatMap((r) => r.path.split(',').map((p) => p.trim()))
}
