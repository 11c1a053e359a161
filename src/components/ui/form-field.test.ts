// The shared field ties its label, hint and error to the input, with the error after the input or, for the
// checkout and reservation forms, above it and read as "Error: …".
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Field, FieldError } from './form-field'

const render = (props: Parameters<typeof Field>[0]) => renderToStaticMarkup(createElement(Field, props))

describe('Field', () => {
  it('puts the error after the input by default, tied to it with the hint', () => {
    expect(render({ name: 'email', label: 'Email', hint: 'We write here.', error: 'Enter your email', type: 'email' })).toBe(
      '<div class="field field--error"><label for="f-email">Email</label><p class="field__hint" id="f-email-hint">We write here.</p>' +
        '<input id="f-email" aria-invalid="true" aria-describedby="f-email-hint f-email-error" type="email" name="email"/>' +
        '<p class="field__error" id="f-email-error">Enter your email</p></div>',
    )
  })

  it('puts the error between the label and the input with errorAbove, read as "Error: …"', () => {
    expect(render({ id: 'checkout-address-postcode', name: 'address.postcode', label: 'Postcode', error: 'Enter a postcode', errorAbove: true, fieldClassName: 'field--short' })).toBe(
      '<div class="field field--short field--error"><label for="checkout-address-postcode">Postcode</label>' +
        '<p class="field__error" id="checkout-address-postcode-error"><span class="visually-hidden">Error: </span>Enter a postcode</p>' +
        '<input id="checkout-address-postcode" aria-invalid="true" aria-describedby="checkout-address-postcode-error" name="address.postcode"/></div>',
    )
  })

  it('has no error, invalid flag or description without an error or hint', () => {
    expect(render({ name: 'town', label: 'Town', errorAbove: true })).toBe('<div class="field"><label for="f-town">Town</label><input id="f-town" name="town"/></div>')
  })
})

describe('FieldError', () => {
  it('is the same error paragraph the fields use, for a checkbox', () => {
    expect(renderToStaticMarkup(createElement(FieldError, { id: 'x-error', children: 'Please confirm' }))).toBe(
      '<p class="field__error" id="x-error"><span class="visually-hidden">Error: </span>Please confirm</p>',
    )
  })
})
