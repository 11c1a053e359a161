'use client'
// "Ask about this bike" on a bike's page: the customer's question, their details and their choice about being
// contacted. It opens their deal for the bike; the answer says where the deal's link went. Works without JavaScript.
import { useActionState } from 'react'
import { Field, FormMessage, fieldId } from '../../../components/ui/form-field'
import { askAboutBikeAction } from '../actions.server'
import { IDLE } from '../form-state'
import '../deals.css'

export function AskAboutBike({ productId, name }: { productId: number; name: string }) {
  const [state, action, pending] = useActionState(askAboutBikeAction, IDLE)
  const errors = state.fieldErrors ?? {}
  const text = (key: string) => state.values?.[key] ?? ''
  const messageId = fieldId('message')
  return (
    <section className="pdp-section deal-ask" aria-labelledby="deal-ask-title">
      <details open={state.status !== 'idle'}>
        <summary><h2 id="deal-ask-title">Ask about this bike</h2></summary>
        <p>A question about the {name}, a part-exchange or finance? Ask us: we reply within one working day, and you can follow everything about this bike on one page.</p>
        {state.status === 'success' ? (
          <FormMessage status="success" message={state.message} />
        ) : (
          <form action={action} noValidate className="deal-ask__form">
            <FormMessage status={state.status} message={state.message} />
            <input type="hidden" name="productId" value={productId} />
            <div className={`field${errors.message ? ' field--error' : ''}`}>
              <label htmlFor={messageId}>Your question</label>
              <textarea id={messageId} name="message" rows={4} maxLength={2000} required defaultValue={text('message')} aria-invalid={errors.message ? true : undefined} aria-describedby={errors.message ? `${messageId}-error` : undefined} />
              {errors.message && <p className="field__error" id={`${messageId}-error`}>{errors.message}</p>}
            </div>
            <div className="field-row">
              <Field name="firstName" label="First name" autoComplete="given-name" required maxLength={80} defaultValue={text('firstName')} error={errors.firstName} />
              <Field name="lastName" label="Last name" autoComplete="family-name" required maxLength={80} defaultValue={text('lastName')} error={errors.lastName} />
            </div>
            <div className="field-row">
              <Field name="email" label="Email address" type="email" autoComplete="email" required maxLength={254} defaultValue={text('email')} error={errors.email} />
              <Field name="phone" label="Phone number" type="tel" autoComplete="tel" required maxLength={30} defaultValue={text('phone')} error={errors.phone} />
            </div>
            <div className="deal-ask__consent">
              <input type="checkbox" id={fieldId('consent')} name="consent" defaultChecked={text('consent') === 'on'} />
              <label htmlFor={fieldId('consent')}>You may contact me about this bike, including one reminder if I stop part-way. I can stop this at any time.</label>
            </div>
            <button className="button button--solid" type="submit" disabled={pending}>{pending ? 'Sending…' : 'Send my question'}</button>
          </form>
        )}
      </details>
    </section>
  )
}
