'use client'
// The customer's choice of collection or delivery on their deal page; works without JavaScript.
import { useActionState } from 'react'
import { FormMessage } from '../../../components/ui/form-field'
import { chooseHandoverAction } from '../actions.server'
import { IDLE } from '../form-state'
import { HANDOVER_OPTIONS } from '../handover'

export function HandoverChoice({ dealId, token, current }: { dealId: number; token: string; current: 'collection' | 'delivery' | null }) {
  const [state, action, pending] = useActionState(chooseHandoverAction, IDLE)
  return (
    <form action={action} className="deal-form">
      <FormMessage status={state.status} message={state.message} />
      <input type="hidden" name="dealId" value={dealId} />
      <input type="hidden" name="token" value={token} />
      <fieldset className="deal-choice">
        <legend>How would you like to take the bike?</legend>
        {HANDOVER_OPTIONS.map((o) => (
          <label key={o.value}>
            <input type="radio" name="handover" value={o.value} defaultChecked={current === o.value} required />
            {o.label}
          </label>
        ))}
      </fieldset>
      <button className="button button--solid" type="submit" disabled={pending}>{pending ? 'Saving…' : 'Save my choice'}</button>
    </form>
  )
}
