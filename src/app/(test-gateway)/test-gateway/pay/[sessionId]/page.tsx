// The test gateway's hosted payment page: card form, 3-D Secure step, or the finished payment.
import type { Metadata } from 'next'
import { testGateway } from '../../../../../features/payments/providers.server'
import { payloadClient } from '../../../../../cms/payload-client.server'
import { formatPence } from '../../../../../domain/money'
import { paths } from '../../../../../config/paths'
import { TestKlarnaForm } from '../../../../../features/payments/components/test-klarna-form'
import { GatewayCancelForm } from '../../../../../features/payments/components/gateway-cancel-form'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Pay by card | Wheelhouse test payments' }

const FIELDS = [
  { name: 'number', label: 'Card number', autoComplete: 'cc-number', inputMode: 'numeric' as const, hint: 'Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for 3-D Secure.' },
  { name: 'expiry', label: 'Expiry date (MM/YY)', autoComplete: 'cc-exp', inputMode: 'numeric' as const },
  { name: 'cvc', label: 'Security code (CVC)', autoComplete: 'cc-csc', inputMode: 'numeric' as const },
  { name: 'name', label: 'Name on card', autoComplete: 'cc-name', inputMode: 'text' as const },
] as const

const MESSAGES: Record<string, string> = {
  number: 'Enter a valid card number',
  expiry: 'Enter a valid expiry date in the future, as MM/YY',
  cvc: 'Enter the 3 or 4 digit security code',
  name: 'Enter the name on the card',
}

type Props = { params: Promise<{ sessionId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

export default async function GatewayPayPage({ params, searchParams }: Props) {
  const { sessionId } = await params
  const query = await searchParams
  const payload = await payloadClient()
  const session = await testGateway(payload).findSession(payload, sessionId)
  if (!session) {
    return (
      <div className="tg-card">
        <h1>Payment not found</h1>
        <p>This payment link is not valid. Please return to the shop and try again.</p>
        <p><a href="/checkout">Back to the shop</a></p>
      </div>
    )
  }
  const amount = formatPence(session.amountPence)
  const errors = [query.error ?? []].flat().filter((e): e is string => typeof e === 'string' && e in MESSAGES)
  const action = paths.testGatewayPay(session.sessionId)

  if (session.status === 'requires_action') {
    const challenge = typeof query.c === 'string' && /^[0-9a-f]{32}$/.test(query.c) ? query.c : ''
    return (
      <div className="tg-card">
        <h1>Confirm it’s you</h1>
        <p className="tg-meta">3-D Secure check for a payment of <strong>{amount}</strong> to Wheelhouse with your {session.cardBrand ?? 'card'} ending {session.last4}.</p>
        <p>In a real payment your bank would now ask you to approve it in its app. Choose what the bank should answer.</p>
        {challenge ? (
          <form method="post" action={`${action}/challenge`} className="tg-actions">
            <input type="hidden" name="challenge" value={challenge} />
            <button className="tg-button" type="submit" name="decision" value="approve">Approve the payment</button>
            <button className="tg-button tg-button--quiet" type="submit" name="decision" value="fail">Fail the check</button>
          </form>
        ) : (
          <p>This check has timed out. <a href={session.failureUrl}>Return to the shop</a>.</p>
        )}
      </div>
    )
  }

  if (session.status !== 'requires_payment_method') {
    const paid = session.status === 'succeeded'
    return (
      <div className="tg-card">
        <h1>{paid ? 'This payment is complete' : 'This payment has ended'}</h1>
        <p>{paid ? `${amount} was paid.` : 'No money was taken.'}</p>
        <p><a className="tg-button" href={paid ? session.successUrl : session.failureUrl}>Return to Wheelhouse</a></p>
      </div>
    )
  }

  if (session.method === 'klarna') {
    return <TestKlarnaForm action={action} amountPence={session.amountPence} description={session.description ?? `Order ${session.orderReference}`} invalid={query.error === 'klarna'} />
  }

  return (
    <div className="tg-card">
      <h1>Pay Wheelhouse</h1>
      <p className="tg-amount">{amount}</p>
      <p className="tg-meta">{session.description ?? `Order ${session.orderReference}`}</p>
      {errors.length > 0 && (
        <div className="tg-summary" role="alert" aria-labelledby="tg-summary-title" tabIndex={-1}>
          <h2 id="tg-summary-title">There is a problem</h2>
          <ul>
            {errors.map((e) => (
              <li key={e}><a href={`#card-${e}`}>{MESSAGES[e]}</a></li>
            ))}
          </ul>
        </div>
      )}
      <form method="post" action={`${action}/submit`} noValidate>
        {FIELDS.map((f) => {
          const invalid = errors.includes(f.name)
          const describedBy = [('hint' in f && f.hint) ? `card-${f.name}-hint` : null, invalid ? `card-${f.name}-error` : null].filter(Boolean).join(' ') || undefined
          return (
            <div className="tg-field" key={f.name}>
              <label htmlFor={`card-${f.name}`}>{f.label}</label>
              {'hint' in f && f.hint ? <p className="tg-hint" id={`card-${f.name}-hint`}>{f.hint}</p> : null}
              <input id={`card-${f.name}`} name={f.name} type="text" autoComplete={f.autoComplete} inputMode={f.inputMode} required maxLength={f.name === 'name' ? 100 : 23} aria-invalid={invalid || undefined} aria-describedby={describedBy} spellCheck={false} />
              {invalid ? <p className="tg-error" id={`card-${f.name}-error`}>{MESSAGES[f.name]}</p> : null}
            </div>
          )
        })}
        <div className="tg-actions">
          <button className="tg-button" type="submit">Pay {amount}</button>
        </div>
      </form>
      <GatewayCancelForm action={action} />
    </div>
  )
}
