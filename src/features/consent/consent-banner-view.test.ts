// The server's cookie banner must be the live banner's first render: hidden by CSS for a stored choice
// (consent--first), with both choices one click away.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConsentBanner } from './consent-banner'
import { ConsentBannerView } from './consent-banner-view'

describe('ConsentBannerView', () => {
  it('is the live banner as first rendered', () => {
    const shell = renderToStaticMarkup(createElement(ConsentBannerView, { reopened: false }))
    expect(shell).toBe(renderToStaticMarkup(createElement(ConsentBanner, {})))
    expect(shell).toContain('class="consent consent--first"')
    expect(shell).toContain('Accept analytics cookies')
    expect(shell).toContain('Reject analytics cookies')
  })

  it('drops the first-visit class when reopened, so the stored-choice check cannot hide it', () => {
    expect(renderToStaticMarkup(createElement(ConsentBannerView, { reopened: true }))).toContain('class="consent"')
  })
})
