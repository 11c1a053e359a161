import { describe, expect, it } from 'vitest'
import { modelCancellationForm, modelCancellationFormText, OTHER_CLEAR_STATEMENT } from './model-cancellation-form'

const dealer = { name: 'Wheelhouse Motorcycles', addressLines: ['1 High Street', '', 'Leeds', 'LS1 1AA'], email: 'hello@wheelhouse.test', fax: null }

describe('modelCancellationForm', () => {
  it('fills in the trader’s name, geographical address and email, leaving out what is missing', () => {
    expect(modelCancellationForm(dealer).to).toBe('To Wheelhouse Motorcycles, 1 High Street, Leeds, LS1 1AA, email hello@wheelhouse.test:')
    expect(modelCancellationForm({ ...dealer, fax: '0113 000 0000', email: '' }).to).toBe('To Wheelhouse Motorcycles, 1 High Street, Leeds, LS1 1AA, fax 0113 000 0000:')
  })

  it('keeps the words of Schedule 3 Part B in their order', () => {
    expect(modelCancellationFormText(dealer)).toBe(
      [
        'Model cancellation form',
        '(Complete and return this form only if you wish to withdraw from the contract)',
        '',
        '— To Wheelhouse Motorcycles, 1 High Street, Leeds, LS1 1AA, email hello@wheelhouse.test:',
        '— I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*]/for the supply of the following service [*],',
        '— Ordered on [*]/received on [*],',
        '— Name of consumer(s),',
        '— Address of consumer(s),',
        '— Signature of consumer(s) (only if this form is notified on paper),',
        '— Date',
        '',
        '[*] Delete as appropriate.',
      ].join('\n'),
    )
  })

  it('says the form is optional: any clear statement will do', () => {
    expect(OTHER_CLEAR_STATEMENT).toMatch(/^You do not have to use this form\. Any other clear statement of your decision to cancel is enough/)
    expect(OTHER_CLEAR_STATEMENT).toMatch(/14-day cancellation period/)
  })
})
