// The representative example renders every CONC 3.5.5R item and the disclosures, in the same type as the monthly payment.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { ivendiExampleResponse } from '../../../tests/fixtures/ivendi-reference-examples'
import { representativeExample } from '../../domain/finance/representative-example'
import { quoteFigures } from '../../adapters/finance/ivendi/response'

vi.mock('./representative-example.css', () => ({}))
const { RepresentativeExample } = await import('./representative-example')

const groups = ivendiExampleResponse.QuoteResults![0]!.Results![0]!.ProductGroups!
const disclosures = { dealerName: 'Wheelhouse Ltd', brokerStatement: 'We are a credit broker, not a lender.', commissionDisclosure: 'We may receive commission.', fcaFirmReference: '999999' }

function render(facility: 'HP' | 'PCP') {
  const quote = groups[facility === 'HP' ? 0 : 1]!.ProductQuotes![0]!
  const example = representativeExample(facility, quoteFigures(quote.Figures!))
  if (!example) throw new Error('no example')
  const html = renderToStaticMarkup(createElement(RepresentativeExample, { example, disclosures, lenderName: 'Blackhorse' }))
  return html.replace(/<!-- -->/g, '')
}

describe('RepresentativeExample', () => {
  it('shows every item of the representative example for the HP quote', () => {
    const html = render('HP')
    for (const text of [
      '54 monthly payments of</dt><dd>£136.92',
      'Cash price</dt><dd>£7,000',
      'Deposit</dt><dd>£1,000',
      'Total amount of credit</dt><dd>£6,000',
      'Duration of agreement</dt><dd>54 months',
      'Total amount payable</dt><dd>£8,393.68',
      'Total charge for credit</dt><dd>£1,393.68',
      'Fixed rate of interest (flat, per year)</dt><dd>5.13%',
      'Representative APR</dt><dd>9.9% APR',
      'option-to-purchase fee £10',
    ]) expect(html).toContain(text)
  })

  it('shows the PCP optional final payment and the mileage', () => {
    const html = render('PCP')
    expect(html).toContain('36 monthly payments of</dt><dd>£126.29')
    expect(html).toContain('Optional final payment</dt><dd>£2,751')
    expect(html).toContain('Annual mileage</dt><dd>10,000 miles')
  })

  it('carries the broker statement, commission disclosure and FCA firm reference', () => {
    const html = render('HP')
    expect(html).toContain('We are a credit broker, not a lender.')
    expect(html).toContain('We may receive commission.')
    expect(html).toContain('firm reference number 999999')
    expect(html).toContain('data-testid="representative-example"')
  })

  it('gives the monthly payment no larger type than any other figure: every figure is a dd of one class', () => {
    const html = render('HP')
    expect(html.match(/<dd>/g)?.length).toBe(10)
    expect(html).not.toMatch(/<dd [^>]*class=/)
  })
})
