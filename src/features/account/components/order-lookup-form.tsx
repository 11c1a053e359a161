'use client'
// A guest finds one order by its number and the email address it was placed with.
import { useActionState } from 'react'
import { lookupOrderAction } from '../actions.server'
import type { LookupState } from '../form-state'
import { Field, FormMessage } from '../../../components/ui/form-field'
import { OrderDetails } from './order-details'

const INITIAL: LookupState = { status: 'idle' }

export function OrderLookupForm({ orderNumber }: { readonly orderNumber?: string } = {}) {
  const [state, action, pending] = useActionState(lookupOrderAction, INITIAL)
  return (
    <>
      <form action={action} className="account-form" noValidate>
        <FormMessage status={state.status === 'success' ? 'idle' : state.status} message={state.message} />
        <Field name="orderNumber" label="Order number" autoComplete="off" required maxLength={20} placeholder="WH-…" defaultValue={state.values?.orderNumber ?? orderNumber} error={state.fieldErrors?.orderNumber} />
        <Field name="email" label="Email address used for the order" type="email" autoComplete="email" required defaultValue={state.values?.email} error={state.fieldErrors?.email} />
        <button type="submit" className="button button--solid" disabled={pending}>{pending ? 'Looking…' : 'Find my order'}</button>
      </form>
      {state.order && (
        <section aria-labelledby="lookup-result" className="lookup-result">
          <h2 id="lookup-result" tabIndex={-1}>Order {state.order.number}</h2>
          <OrderDetails order={state.order} headingLevel={3} />
        </section>
      )}
    </>
  )
}
