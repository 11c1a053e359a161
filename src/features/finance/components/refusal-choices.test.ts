// The choices shown when a lender refuses a change: one button per alternative, each labelled with what it does and
// what it costs a month, and no "Try again" that would only repeat the refused request.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RefusalChoices } from './refusal-choices'
import type { OfferedAlternative } from '../quote-alternatives'
import type { OfferedQuote } from '../finance-client'

const pennine = { quoteUid: 'q-1', facilityType: 'HP', productName: 'Hire purchase', funderCode: 'PBC', lenderName: 'Pennine Bike Credit', expiresAt: '2026-12-31T00:00:00Z', partExchange: null, example: { regularPaymentPence: 29_110 } } as unknown as OfferedQuote
const alternatives: OfferedAlternative<OfferedQuote>[] = [
  { kind: 'deposit', funderCode: 'HMF', lenderName: 'Harbourside Motor Finance', facilityType: 'HP', depositPence: 92_900, regularPaymentPence: 27_050 },
  { kind: 'lender', funderCode: 'PBC', lenderName: 'Pennine Bike Credit', facilityType: 'HP', regularPaymentPence: 29_110, quote: pennine },
  { kind: 'without-change', funderCode: 'HMF', lenderName: 'Harbourside Motor Finance', facilityType: 'HP', regularPaymentPence: 25_410 },
]

function buttons(html: string): string[] {
  return [...html.replace(/<!-- -->/g, '').matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]!.replace(/&#x27;/g, '\u0027'))
}

describe('RefusalChoices', () => {
  it('labels each alternative with what it does and its monthly payment, and offers no Try again', () => {
    const html = renderToStaticMarkup(createElement(RefusalChoices, { message: 'Harbourside Motor Finance cannot add these accessories.', alternatives, withoutChangeLabel: 'Remove the Shoei NXR2 Helmet', onChoose: () => undefined }))
    expect(buttons(html)).toEqual([
      'Raise my deposit to £929 with Harbourside Motor Finance (£270.50 a month)',
      'Switch to Pennine Bike Credit, HP (£291.10 a month)',
      'Remove the Shoei NXR2 Helmet (£254.10 a month with Harbourside Motor Finance)',
    ])
    expect(html).not.toMatch(/Try again/)
  })

  it('says what to do when nothing on the panel would work', () => {
    const html = renderToStaticMarkup(createElement(RefusalChoices, { message: 'Refused.', alternatives: [], withoutChangeLabel: 'Remove it', onChoose: () => undefined }))
    expect(buttons(html)).toEqual([])
    expect(html).toMatch(/call us/)
    expect(html).not.toMatch(/Try again/)
  })
})
