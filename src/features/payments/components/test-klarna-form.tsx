// The test gateway's stand-in for Klarna's own Pay in 3 page: the customer signs in with their Klarna account's
// email address and Klarna decides. It shows the instalments and Klarna's terms as Klarna's page would.
import { payIn3 } from '../../../domain/payments/instalments'
import { formatPence } from '../../../domain/money'
import { KLARNA_DECLINED_TAG } from '../../../adapters/payments/test-klarna'
import { GatewayCancelForm } from './gateway-cancel-form'

export function TestKlarnaForm({ action, amountPence, description, invalid }: { action: string; amountPence: number; description: string; invalid: boolean }) {
  const instalments = payIn3(amountPence)
  return (
    <div className="tg-card">
      <h1>Pay in 3 with Klarna</h1>
      <p className="tg-amount">{formatPence(amountPence)}</p>
      <p className="tg-meta">{description}</p>
      <ol className="tg-instalments" aria-label="Your instalments">
        {instalments.map((i) => (
          <li key={i.number}>
            {formatPence(i.amountPence)} {i.dueInDays === 0 ? 'today' : `in ${i.dueInDays} days`}
          </li>
        ))}
      </ol>
      <p>Klarna pays Wheelhouse in full and lends you the rest, interest-free. A missed payment may mean a late fee and can affect your ability to use Klarna and your credit record.</p>
      {invalid && (
        <div className="tg-summary" role="alert" aria-labelledby="tg-summary-title" tabIndex={-1}>
          <h2 id="tg-summary-title">There is a problem</h2>
          <ul>
            <li><a href="#klarna-email">Enter the email address of your Klarna account</a></li>
          </ul>
        </div>
      )}
      <form method="post" action={`${action}/klarna`} noValidate>
        <div className="tg-field">
          <label htmlFor="klarna-email">Klarna account email address</label>
          <p className="tg-hint" id="klarna-email-hint">Test accounts: any address is approved; one with {KLARNA_DECLINED_TAG} before the @ (rider{KLARNA_DECLINED_TAG}@example.co.uk) is declined.</p>
          <input id="klarna-email" name="email" type="email" autoComplete="email" required maxLength={254} aria-invalid={invalid || undefined} aria-describedby={invalid ? 'klarna-email-hint klarna-email-error' : 'klarna-email-hint'} spellCheck={false} />
          {invalid ? <p className="tg-error" id="klarna-email-error">Enter the email address of your Klarna account</p> : null}
        </div>
        <div className="tg-actions">
          <button className="tg-button" type="submit">Agree and pay {formatPence(instalments[0]!.amountPence)} today</button>
        </div>
      </form>
      <GatewayCancelForm action={action} />
    </div>
  )
}
