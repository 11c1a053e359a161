'use client'
// The staff steps on a return's admin page: the refund deadline with the days left, and mark received, refund
// (less a deduction for lost value, typed in pounds, with its reason) or reject. Each calls the returns
// collection's endpoint; the server checks the step is allowed and answers why not.
import { useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { daysLeftText } from '../../../domain/returns/days-left'
import { parsePounds } from '../../../domain/money-input'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import { londonDay } from '../../../domain/booking/calendar'

const today = () => londonDay(new Date())

export function ReturnActions() {
  const { id } = useDocumentInfo()
  const router = useRouter()
  const state = useFormFields(([fields]) => fields.state?.value as string | undefined)
  const due = useFormFields(([fields]) => fields.refundDueOn?.value as string | undefined)
  const delivered = useFormFields(([fields]) => fields.goodsDelivered?.value as boolean | undefined)
  const exchange = useFormFields(([fields]) => fields.ground?.value) === 'exchange'
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [deduction, setDeduction] = useState('')
  const [why, setWhy] = useState('')
  if (!id) return null

  async function call(step: string, body?: object) {
    setBusy(true)
    try {
      const answer = await callApi<{ message?: string }>(paths.api.returnStep(String(id), step), { method: 'POST', body: body ?? {} })
      setMessage(answer.ok ? { kind: 'ok', text: 'Done.' } : { kind: 'error', text: answer.body?.message ?? 'That did not work.' })
      if (answer.ok) router.refresh()
    } finally {
      setBusy(false)
    }
  }

  function refund() {
    const pounds = deduction.trim() === '' ? { ok: true as const, pence: 0 } : parsePounds(deduction)
    if (!pounds.ok || pounds.pence == null) return setMessage({ kind: 'error', text: 'Enter the deduction in pounds and pence, such as 15.00, or leave it empty.' })
    void call('refund', { deductionPence: pounds.pence, deductionReason: why })
  }

  const open = state === 'requested' || state === 'received'
  return (
    <div className="field-type" style={{ display: 'grid', gap: 12, marginBottom: 24 }}>
      <p><strong>Refund deadline:</strong> {daysLeftText(due, today())}</p>
      {message && <p role={message.kind === 'error' ? 'alert' : 'status'}>{message.text}</p>}
      {open && (
        <div style={{ display: 'grid', gap: 8, maxWidth: 480 }}>
          {state === 'requested' && delivered && <button type="button" className="btn btn--style-secondary" disabled={busy} onClick={() => void call('receive')}>Mark goods received (stock goes back on the shelf)</button>}
          <label htmlFor="return-deduction">Deduction for lost value (£, optional)</label>
          <input id="return-deduction" value={deduction} onChange={(e) => setDeduction(e.target.value)} inputMode="decimal" />
          <label htmlFor="return-deduction-reason">Why the goods lost value</label>
          <input id="return-deduction-reason" value={why} onChange={(e) => setWhy(e.target.value)} maxLength={300} />
          <button type="button" className="btn btn--style-primary" disabled={busy} onClick={refund}>{exchange ? 'Settle the exchange (its value pays for the replacement; any difference goes to the card)' : 'Refund'}</button>
          {state === 'requested' && (
            <button type="button" className="btn btn--style-secondary" disabled={busy || why.trim() === ''} onClick={() => void call('reject', { reason: why })}>
              {exchange ? 'Reject (the replacement is cancelled; the reason above is sent to the customer)' : 'Reject (the reason above is sent to the customer)'}
            </button>
          )}
        </div>
      )}
    </div>
  )
}

/** The list's refund deadline column: the day and the days left. */
export function RefundDueCell({ cellData }: { readonly cellData?: unknown }) {
  return <span>{daysLeftText(typeof cellData === 'string' ? cellData : null, today())}</span>
}
