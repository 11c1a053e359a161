// Checks the disclosures every finance screen states: the dealer's own texts, and the defaults where the settings leave one empty.
import { describe, expect, it } from 'vitest'
import { DEFAULT_BROKER_STATEMENT, DEFAULT_COMMISSION_DISCLOSURE, financeDisclosureTexts } from './disclosures'

describe('financeDisclosureTexts', () => {
  it('keeps the dealer’s own statements', () => {
    const texts = financeDisclosureTexts({ dealerName: 'Wheelhouse', finance: { brokerStatement: 'We are a broker.', commissionDisclosure: 'We are paid commission.', fcaFirmReference: '123456' } })
    expect(texts).toEqual({ dealerName: 'Wheelhouse', brokerStatement: 'We are a broker.', commissionDisclosure: 'We are paid commission.', fcaFirmReference: '123456' })
  })

  it('states the broker status and the commission whenever the settings leave them empty', () => {
    expect(financeDisclosureTexts({ finance: { brokerStatement: '  ', commissionDisclosure: null } })).toEqual({ dealerName: null, brokerStatement: DEFAULT_BROKER_STATEMENT, commissionDisclosure: DEFAULT_COMMISSION_DISCLOSURE, fcaFirmReference: null })
    expect(financeDisclosureTexts({})).toMatchObject({ brokerStatement: DEFAULT_BROKER_STATEMENT, commissionDisclosure: DEFAULT_COMMISSION_DISCLOSURE })
    expect(DEFAULT_BROKER_STATEMENT).toMatch(/credit broker, not a lender/)
    expect(DEFAULT_COMMISSION_DISCLOSURE).toMatch(/commission/)
  })
})
