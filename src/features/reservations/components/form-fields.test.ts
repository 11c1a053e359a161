// The reservation forms' fields and terms checkbox: the error above its control, tied to it, read as "Error: …".
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AcceptTerms, TextField } from './form-fields'

describe('reservation form fields', () => {
  it('ties the terms checkbox to its error, shown above it', () => {
    const html = renderToStaticMarkup(createElement(AcceptTerms, { id: 'complete-accept', checked: false, error: 'Please confirm', onChange: () => {}, children: 'I have read the terms' }))
    expect(html).toBe(
      '<div class="checkbox field--error"><p class="field__error" id="complete-accept-error"><span class="visually-hidden">Error: </span>Please confirm</p>' +
        '<input id="complete-accept" type="checkbox" aria-describedby="complete-accept-error"/><label for="complete-accept">I have read the terms</label></div>',
    )
    expect(renderToStaticMarkup(createElement(AcceptTerms, { id: 'a', checked: true, onChange: () => {}, children: 'Yes' }))).toBe(
      '<div class="checkbox"><input id="a" type="checkbox" checked=""/><label for="a">Yes</label></div>',
    )
  })

  it('labels an optional field and ties a text field to its error', () => {
    const optional = renderToStaticMarkup(createElement(TextField, { spec: { name: 'line2', label: 'Address line 2', autoComplete: 'address-line2', required: false }, value: '', onChange: () => {} }))
    expect(optional).toContain('<label for="reservation-line2">Address line 2 (optional)</label>')
    const wrong = renderToStaticMarkup(createElement(TextField, { spec: { name: 'email', label: 'Email address', autoComplete: 'email', type: 'email' }, value: '', error: 'Enter your email address', onChange: () => {} }))
    expect(wrong).toBe(
      '<div class="field field--error"><label for="reservation-email">Email address</label>' +
        '<p class="field__error" id="reservation-email-error"><span class="visually-hidden">Error: </span>Enter your email address</p>' +
        '<input id="reservation-email" aria-invalid="true" aria-describedby="reservation-email-error" type="email" autoComplete="email" maxLength="254" name="email" value=""/></div>',
    )
  })
})
