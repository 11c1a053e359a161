import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { paths } from '../../../config/paths'
import { ModelCancellationForm } from './model-cancellation-form'

describe('the model cancellation form on the returns page', () => {
  const html = renderToStaticMarkup(createElement(ModelCancellationForm, { trader: { name: 'Wheelhouse Leeds', addressLines: ['1 Kirkstall Road', 'Leeds', 'LS3 1HS'], email: 'shop@example.co.uk' } }))

  it('fills in the dealer and keeps every line of Schedule 3 Part B', () => {
    expect(html).toContain('<li>— To Wheelhouse Leeds, 1 Kirkstall Road, Leeds, LS3 1HS, email shop@example.co.uk:</li>')
    expect(html).toContain('Ordered on [*]/received on [*],')
    expect(html).toContain('Signature of consumer(s) (only if this form is notified on paper),')
    expect(html).toContain('[*] Delete as appropriate.')
    expect(html).toContain('Any other clear statement of your decision to cancel is enough')
  })

  it('is where the checkout’s link points', () => {
    const anchor = paths.modelCancellationForm().split('#')[1]
    expect(paths.modelCancellationForm()).toBe(`${paths.page('returns')}#${anchor}`)
    expect(html).toContain(`id="${anchor}"`)
  })
})
