'use client'
// The top of an order's admin page: what a shop manager needs to act on it (order-facts.tsx), the next steps its
// state allows as buttons, and a refund of part of it typed in pounds. Each calls the orders collection's endpoints
// (order-endpoints.ts); the server checks the step is still allowed and answers why not, which is shown as it came.
import { useDocumentInfo } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState, type CSSProperties } from 'react'
import { paths } from '../../../config/paths'
import { formatPence } from '../../../domain/money'
import { parsePounds } from '../../../domain/money-input'
import type { StaffStep } from '../../../domain/orders/order-staff-steps'
import { callApi } from '../../../lib/http/call-api'
import type { CertificateStepAnswer, OrderStaffView, PartRefundAnswer, StatusMoveAnswer } from '../order-staff-contract'
import { at, card, LinesAndTotals, RefundsAndReturns, Section, Timeline, WhoAndWhere } from './order-facts'

type Message = { readonly kind: 'error' | 'ok'; readonly text: string }
type Asking = { readonly kind: 'step'; readonly step: StaffStep } | { readonly kind: 'refund'; readonly amountPence: number; readonly reason: string } | { readonly kind: 'certificate'; readonly action: 'confirm' } | { readonly kind: 'certificate'; readonly action: 'refuse'; readonly reason: string }

const row: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }
const input: CSSProperties = { boxSizing: 'border-box', width: '100%', font: 'inherit', minHeight: 40, padding: '8px 10px', border: '1px solid var(--theme-elevation-500)', borderRadius: 4, background: 'var(--theme-input-bg, var(--theme-elevation-0))', color: 'var(--theme-text)' }
const button = (primary: boolean): CSSProperties => ({
  font: 'inherit', fontSize: 14, fontWeight: 600, minHeight: 40, padding: '8px 16px', margin: 0, borderRadius: 4, cursor: 'pointer',
  border: '1px solid var(--theme-elevation-800)', background: primary ? 'var(--theme-elevation-800)' : 'var(--theme-elevation-0)', color: primary ? 'var(--theme-elevation-0)' : 'var(--theme-elevation-800)',
})
const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9_-]/g, '')

export function OrderPanel() {
  const { id } = useDocumentInfo()
  const router = useRouter()
  const [view, setView] = useState<OrderStaffView | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [message, setMessage] = useState<Message | null>(null)
  const [asking, setAsking] = useState<Asking | null>(null)
  const [busy, setBusy] = useState(false)
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [refuseReason, setRefuseReason] = useState('')
  // One key per refund asked for: kept until the server answers it, so a retry after a lost answer is the same refund.
  const refundKey = useRef<string | null>(null)
  const confirmButton = useRef<HTMLButtonElement>(null)

  // Bumped after each step to read the order again.
  const [version, setVersion] = useState(0)

  useEffect(() => {
    if (!id) return
    let live = true
    void callApi<{ view: OrderStaffView }>(paths.api.orderStep(id, 'staff-view'), { cache: 'no-store' })
      .then((answer) => {
        if (!live) return
        if (answer.ok) setView(answer.body.view)
        else setLoadError(answer.body?.message ?? 'The order could not be loaded.')
      })
      .catch(() => live && setLoadError('The shop could not be reached. Reload the page.'))
    return () => {
      live = false
    }
  }, [id, version])
  useEffect(() => {
    if (asking) confirmButton.current?.focus()
  }, [asking])

  if (!id) return null
  if (!view) return <p role={loadError ? 'alert' : 'status'} style={{ marginBottom: 24 }}>{loadError ?? 'Loading the order…'}</p>

  async function act(ask: Asking) {
    if (!view) return
    setBusy(true)
    setAsking(null)
    try {
      const answer =
        ask.kind === 'certificate'
          ? await callApi<CertificateStepAnswer>(paths.api.orderStep(id!, 'certificate'), { method: 'POST', body: ask.action === 'refuse' ? { action: 'refuse', reason: ask.reason } : { action: 'confirm' } })
          : ask.kind === 'step'
          ? await callApi<StatusMoveAnswer>(paths.api.orderStep(id!, 'status'), { method: 'POST', body: { from: view.status, to: ask.step.to } })
          : await callApi<PartRefundAnswer>(paths.api.orderPartRefund(id!), { method: 'POST', body: { amountPence: ask.amountPence, reason: ask.reason, key: (refundKey.current ??= newKey()) } })
      // Answered (made, refused or failed): the next refund asked for is a new one.
      if (ask.kind === 'refund') refundKey.current = null
      setMessage(answer.ok ? { kind: 'ok', text: answer.body.message } : { kind: 'error', text: answer.body?.message ?? 'That did not work. Reload the page and try again.' })
      if (answer.ok && ask.kind === 'refund') {
        setAmount('')
        setReason('')
      }
      setVersion((v) => v + 1)
      router.refresh()
    } catch {
      setMessage({ kind: 'error', text: 'The shop could not be reached. Check the connection and try again.' })
    } finally {
      setBusy(false)
    }
  }

  function start(step: StaffStep) {
    setMessage(null)
    if (step.confirm) setAsking({ kind: 'step', step })
    else void act({ kind: 'step', step })
  }

  function askRefund() {
    setMessage(null)
    const pounds = parsePounds(amount, { minPence: 1, maxPence: view!.partRefund.leftPence })
    if (!pounds.ok || pounds.pence == null) return setMessage({ kind: 'error', text: pounds.ok ? 'Enter the amount to refund in pounds, such as 10 or 10.00.' : pounds.message })
    if (reason.trim().length < 3) return setMessage({ kind: 'error', text: 'Say why you are refunding, in a few words: it goes in the order’s history.' })
    setAsking({ kind: 'refund', amountPence: pounds.pence, reason: reason.trim() })
  }

  function askRefuseCertificate() {
    setMessage(null)
    if (refuseReason.trim().length < 3) return setMessage({ kind: 'error', text: 'Say why the scheme refused the certificate, in a few words: the customer is told.' })
    setAsking({ kind: 'certificate', action: 'refuse', reason: refuseReason.trim() })
  }

  const question = (ask: Asking) =>
    ask.kind === 'step' ? ask.step.confirm : ask.kind === 'refund' ? `Refund ${formatPence(ask.amountPence)} to the customer’s card? Reason: ${ask.reason}` : ask.action === 'confirm' ? 'Confirm the certificate? The order becomes Paid, its stock is sold and the customer is emailed their confirmation.' : `Refuse the certificate? The order is cancelled, its stock goes back on sale, any card balance is refunded and the customer is told: ${ask.reason}`
  const yes = (ask: Asking) => (ask.kind === 'step' ? `Yes: ${ask.step.label.toLowerCase()}` : ask.kind === 'refund' ? `Yes: refund ${formatPence(ask.amountPence)}` : ask.action === 'confirm' ? 'Yes: confirm the certificate' : 'Yes: refuse the certificate')
  const refusal = view.partRefund.refusal
  const certificate = view.certificate
  return (
    <div className="field-type" data-testid="order-panel" style={{ display: 'grid', gap: 16, marginBottom: 32 }}>
      <div style={{ ...card, ...row, justifyContent: 'space-between' }}>
        <h2 style={{ margin: 0, fontSize: 20 }}>Order {view.orderNumber}</h2>
        <p style={{ margin: 0, fontSize: 16 }}>
          <strong>{view.statusLabel}</strong> · {view.kind === 'finance' ? 'Finance application' : 'Card order'} · {formatPence(view.totals.totalPence)}
        </p>
      </div>

      {certificate && (
        <Section title="Cycle to Work certificate" id="order-panel-certificate">
          <p style={{ margin: '0 0 8px' }}>
            <strong>{certificate.stateLabel}</strong> · {certificate.scheme} certificate {certificate.number} · redemption code {certificate.redemptionCode} · {formatPence(certificate.valuePence)}
          </p>
          <p style={{ margin: '0 0 8px', fontSize: 14 }}>
            Card balance {formatPence(certificate.balancePence)}
            {certificate.balancePence > 0 ? (certificate.balancePaid ? ' (paid)' : ' (not paid yet)') : ''}
            {certificate.holdExpiresAt ? ` · goods held until ${at(certificate.holdExpiresAt)}` : ''}
            {certificate.returnedPence > 0 ? ` · ${formatPence(certificate.returnedPence)} returned through the scheme` : ''}
          </p>
          {certificate.canDecide && (
            <>
              <p style={{ margin: '0 0 8px', fontSize: 14 }}>Check the certificate in {certificate.scheme}’s portal, then record what the scheme said.</p>
              {certificate.waitingFor && <p style={{ margin: '0 0 8px', fontSize: 14 }}>{certificate.waitingFor}</p>}
              <div
                onKeyDown={(e) => {
                  if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return
                  e.preventDefault()
                  askRefuseCertificate()
                }}
                style={{ display: 'grid', gap: 8, gridTemplateColumns: 'auto minmax(200px, 1fr) auto', alignItems: 'end' }}
              >
                <button type="button" style={button(true)} disabled={busy || certificate.waitingFor !== null} onClick={() => (setMessage(null), setAsking({ kind: 'certificate', action: 'confirm' }))}>
                  Confirm certificate
                </button>
                <label style={{ display: 'grid', gap: 4 }}>
                  <span>Why the scheme refused it (the customer is told)</span>
                  <input style={input} value={refuseReason} onChange={(e) => setRefuseReason(e.target.value)} maxLength={300} autoComplete="off" />
                </label>
                <button type="button" style={button(false)} disabled={busy} onClick={askRefuseCertificate}>
                  Refuse certificate
                </button>
              </div>
            </>
          )}
        </Section>
      )}

      <Section title="Next steps" id="order-panel-steps">
        {view.steps.length === 0 ? (
          <p style={{ margin: 0 }}>{certificate?.state === 'submitted' ? 'The order goes ahead once its Cycle to Work certificate is confirmed (above).' : `No further status changes: this order is ${view.statusLabel.toLowerCase()}.`}</p>
        ) : (
          <div style={row}>
            {view.steps.map((s) => (
              <button key={s.to} type="button" style={button(!s.confirm)} disabled={busy} onClick={() => start(s)}>
                {s.label}
              </button>
            ))}
          </div>
        )}
        {asking && (
          <div role="group" aria-labelledby="order-panel-confirm" style={{ ...card, marginTop: 12, borderColor: 'var(--theme-elevation-800)' }}>
            <p id="order-panel-confirm" style={{ margin: '0 0 8px' }}>
              {question(asking)}
            </p>
            <div style={row}>
              <button ref={confirmButton} type="button" style={button(true)} disabled={busy} onClick={() => void act(asking)}>
                {yes(asking)}
              </button>
              <button type="button" style={button(false)} onClick={() => setAsking(null)}>
                No, go back
              </button>
            </div>
          </div>
        )}
        {message && (
          <p role={message.kind === 'error' ? 'alert' : 'status'} style={{ margin: '12px 0 0', fontWeight: 600, color: message.kind === 'error' ? 'var(--theme-error-750, #b00020)' : 'var(--theme-text)' }}>
            {message.text}
          </p>
        )}
      </Section>

      <Section title="Refund part of this order" id="order-panel-refund">
        {refusal ? (
          <p style={{ margin: 0 }}>{refusal}</p>
        ) : (
          // Not a <form>: the panel sits inside Payload's document form, where Enter or a submit button would save the
          // document. Enter in either box asks for the refund instead.
          <div
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return
              e.preventDefault()
              askRefund()
            }}
            style={{ display: 'grid', gap: 8, gridTemplateColumns: 'minmax(120px, 180px) minmax(200px, 1fr) auto', alignItems: 'end' }}
          >
            <label style={{ display: 'grid', gap: 4 }}>
              <span>Amount (£)</span>
              <input style={input} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" aria-describedby="order-panel-refund-left" />
            </label>
            <label style={{ display: 'grid', gap: 4 }}>
              <span>Reason (goes in the order’s history)</span>
              <input style={input} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} autoComplete="off" />
            </label>
            <button type="button" style={button(false)} disabled={busy} onClick={askRefund}>
              Refund part of this order
            </button>
            <p id="order-panel-refund-left" style={{ margin: 0, gridColumn: '1 / -1', fontSize: 14 }}>
              {certificate
                ? `Up to ${formatPence(view.partRefund.leftPence)} is left to give back: to the card first (up to the ${formatPence(certificate.balancePence)} balance it paid), the rest back through ${certificate.scheme}, never to the customer.`
                : `Up to ${formatPence(view.partRefund.leftPence)} is left to refund to the card.`}
            </p>
          </div>
        )}
      </Section>

      <WhoAndWhere view={view} />
      <LinesAndTotals view={view} />
      <RefundsAndReturns view={view} />
      <Timeline view={view} />
    </div>
  )
}
