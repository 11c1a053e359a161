// A deal's emails: the stage staff moved it to, when the customer should hear of it (the bike is ready for
// handover), and the one reminder a customer who stopped may get, only with their consent. Each has a button back
// to the customer's deal page; the reminder says how to stop it in one click.
import type { DealerDetails } from '../../domain/emails/email-brand'
import { questionsBlock } from '../../domain/emails/dealer-contact'
import { button, link, paragraphs, rows, type EmailContent, type EmailSample } from '../../domain/emails/email-content'
import { formatPence } from '../../domain/money'
import { DEAL_STAGES, type DealStage } from '../../domain/deals/deal-stages'

export interface EmailDeal {
  readonly firstName: string
  readonly productName: string
  readonly stage: DealStage
  /** The deal's figures as its page shows them. */
  readonly totalPricePence: number
  /** The part-exchange's net value while it counts (0 without one). */
  readonly partExchangePence?: number
  /** A deposit paid, or what a card order paid. */
  readonly paidPence?: number
  readonly balancePence: number
  readonly handover?: 'collection' | 'delivery' | null
}

export interface DealLinks {
  /** The customer's deal page (a signed link, so it opens without an account). */
  readonly deal: string
  /** One click stops reminders (reminders only). */
  readonly unsubscribe?: string
}

export function dealStageEmail(deal: EmailDeal, dealer: DealerDetails, links: DealLinks): EmailContent {
  const handover = deal.handover === 'delivery' ? 'We will agree a delivery day with you.' : deal.handover === 'collection' ? `We will agree a day for you to collect it from ${dealer.name}.` : 'Tell us whether you would like to collect it or have it delivered.'
  return {
    subject: `Your ${deal.productName} is ${DEAL_STAGES[deal.stage].label.toLowerCase()}`,
    heading: `Your ${deal.productName} is ready`,
    blocks: [
      ...paragraphs(`Hello ${deal.firstName},`, `Good news: your ${deal.productName} is prepared and ready for handover. ${handover}`),
      rows([{ label: 'Total price', value: formatPence(deal.totalPricePence) }, { label: 'Balance', value: formatPence(deal.balancePence), strong: true }]),
      button('See your deal', links.deal),
      questionsBlock(dealer),
    ],
  }
}

/** A quote staff built for a phone or showroom customer: the lines, the figures and the button to see and pay it. */
export function dealQuoteEmail(deal: EmailDeal, lines: readonly { readonly name: string; readonly pricePence: number }[], dealer: DealerDetails, links: DealLinks): EmailContent {
  return {
    subject: `Your quote for the ${deal.productName}`,
    heading: `Your quote for the ${deal.productName}`,
    blocks: [
      ...paragraphs(`Hello ${deal.firstName},`, `Thank you for talking to us. Here is your quote; your deal page shows the same figures, and you can pay the deposit or the whole by card from there. We check the prices and that the bike is still here when you pay.`),
      rows([
        ...lines.map((l) => ({ label: l.name, value: formatPence(l.pricePence) })),
        { label: 'Total price', value: formatPence(deal.totalPricePence), ruleAbove: true },
        ...(deal.partExchangePence ? [{ label: 'Your part-exchange, subject to inspection', value: `−${formatPence(deal.partExchangePence)}` }] : []),
        ...(deal.paidPence ? [{ label: 'Paid', value: `−${formatPence(deal.paidPence)}` }] : []),
        { label: 'Balance', value: formatPence(deal.balancePence), strong: true },
      ]),
      button('See and pay your quote', links.deal),
      questionsBlock(dealer),
    ],
  }
}

/** Sent when a customer's first step opens their deal: the link to the page that keeps every step in one place. */
export function dealOpenedEmail(deal: EmailDeal, dealer: DealerDetails, links: DealLinks): EmailContent {
  return {
    subject: `Your ${deal.productName}: everything in one place`,
    heading: `Your deal for the ${deal.productName}`,
    blocks: [
      ...paragraphs(
        `Hello ${deal.firstName},`,
        `Thank you for your interest in the ${deal.productName}. Your deal page keeps every step in one place: your questions, your part-exchange valuation, your reservation, your finance application and your test rides, with the figures and what happens next.`,
        'Keep this email: the button opens your deal without an account. If you did not contact us about this bike, you can ignore it.',
      ),
      button('See your deal', links.deal),
      questionsBlock(dealer),
    ],
  }
}

export function dealReminderEmail(deal: EmailDeal, dealer: DealerDetails, links: Required<DealLinks>): EmailContent {
  return {
    subject: `Still thinking about the ${deal.productName}?`,
    heading: 'Pick up where you left off',
    blocks: [
      ...paragraphs(`Hello ${deal.firstName},`, `You started on the ${deal.productName} with us and stopped part-way. Everything you did is kept on your deal page, so you can carry on from where you stopped.`),
      button('Continue my deal', links.deal),
      questionsBlock(dealer),
      link('Stop these emails', links.unsubscribe, { before: 'This is the only reminder we send. You agreed to hear from us about this bike; ', after: ' with one click.' }),
    ],
  }
}

export function dealEmailSamples(dealer: DealerDetails): EmailSample[] {
  const deal: EmailDeal = { firstName: 'Sam', productName: 'Honda CB650R', stage: 'ready_for_handover', totalPricePence: 754_000, balancePence: 494_100, handover: 'collection' }
  const links = { deal: `${dealer.siteUrl}/deals/12?token=sample`, unsubscribe: `${dealer.siteUrl}/deals/unsubscribe?token=sample` }
  return [
    { id: 'deal-opened', title: 'Deal: opened by the customer’s first step', content: dealOpenedEmail({ ...deal, stage: 'new' }, dealer, links) },
    { id: 'deal-quote', title: 'Deal: a quote staff built, with its pay link', content: dealQuoteEmail(deal, [{ name: 'Honda CB650R', pricePence: 700_000 }, { name: 'Shoei NXR2 helmet', pricePence: 54_000 }], dealer, links) },
    { id: 'deal-ready-for-handover', title: 'Deal: ready for handover', content: dealStageEmail(deal, dealer, links) },
    { id: 'deal-reminder', title: 'Deal: the one reminder', content: dealReminderEmail({ ...deal, stage: 'new' }, dealer, links) },
  ]
}
