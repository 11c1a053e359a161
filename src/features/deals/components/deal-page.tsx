// The customer's deal page: where the purchase stands and what happens next, the steps they took, the figures
// (the same as staff see), a way to carry on where they stopped, and their choice of collection or delivery.
import { formatUkDateTime } from '../../../domain/reservations/reservation-rules'
import { formatPence } from '../../../domain/money'
import { paths } from '../../../config/paths'
import type { DealView } from '../deal-view.server'
import { DealFiguresTable } from './deal-figures-table'
import { HandoverChoice } from './handover-choice'
import { QUOTED_DELIVERY_LABEL } from '../handover'
import '../deals.css'

export function DealPage({ view, token, payInFull = null }: { view: DealView; token: string; payInFull?: React.ReactNode }) {
  const closed = view.stage === 'handed_over' || view.stage === 'lost'
  const timeline = view.timeline.filter((t) => !t.staff || t.stageChange)
  return (
    <div className="container deal-page">
      <div>
        <h1>Your {view.productName}</h1>
        <p>Stage: <span className="deal-stage">{view.stageLabel}</span></p>
        <p className="deal-next"><strong>What happens next: </strong>{view.next}</p>
      </div>
      <section aria-labelledby="deal-done">
        <h2 id="deal-done">What you have done</h2>
        {view.steps.length === 0 ? <p>Nothing yet.</p> : (
          <ol className="deal-steps">
            {view.steps.map((s, i) => (
              <li key={i}><time dateTime={s.at}>{formatUkDateTime(new Date(s.at))}</time><strong>{s.label}</strong>{s.detail ? `: ${s.detail}` : ''}</li>
            ))}
          </ol>
        )}
      </section>
      {view.continueWith.length > 0 && (
        <section aria-labelledby="deal-continue">
          <h2 id="deal-continue">Carry on</h2>
          <div className="deal-continue">
            {view.continueWith.map((c) => <a key={c.href} className="button" href={c.href}>{c.label}</a>)}
          </div>
        </section>
      )}
      {view.quoteSentAt && !closed && (
        <section aria-labelledby="deal-quote-title" id="deal-quote">
          <h2 id="deal-quote-title">Your quote</h2>
          <table className="deal-figures">
            <caption>Sent {formatUkDateTime(new Date(view.quoteSentAt))}, at today’s prices</caption>
            <tbody>
              {view.quoteLines.map((l) => <tr key={l.productId}><th scope="row">{l.name}</th><td>{formatPence(l.pricePence)}</td></tr>)}
              {view.quoteDeliveryPence > 0 && <tr><th scope="row">{QUOTED_DELIVERY_LABEL}</th><td>{formatPence(view.quoteDeliveryPence)}</td></tr>}
            </tbody>
          </table>
          {view.cardOrderNumber ? (
            <p>You paid for it by card: order {view.cardOrderNumber}.{view.figures.balancePence > 0 ? ` The ${formatPence(view.figures.balancePence)} left is paid at the handover.` : ''}</p>
          ) : (
            <>
              <p>Pay a deposit to reserve the bike, or the whole by card. We check the prices and that everything is still here when you pay.</p>
              <div className="deal-continue">
                {view.productSlug && <a className="button" href={paths.reserve(view.productSlug)}>Pay the deposit to reserve the bike</a>}
                {view.figures.partExchange ? <p>With a part-exchange, the balance is settled at the handover, once we have seen your bike.</p> : payInFull}
              </div>
            </>
          )}
        </section>
      )}
      <section aria-labelledby="deal-figures">
        <h2 id="deal-figures">The figures</h2>
        <DealFiguresTable figures={view.figures} from={view.figuresFrom} finance={view.finance} />
        {view.finance && <p>Finance application {view.finance.orderNumber} with {view.finance.lender}: {view.finance.status}.</p>}
      </section>
      {!closed && (
        <section aria-labelledby="deal-handover">
          <h2 id="deal-handover">Collection or delivery</h2>
          <HandoverChoice dealId={view.id} token={token} current={view.handover} />
        </section>
      )}
      <section aria-labelledby="deal-timeline">
        <h2 id="deal-timeline">Timeline</h2>
        <ol className="deal-steps">
          {timeline.map((t, i) => <li key={i}><time dateTime={t.at}>{formatUkDateTime(new Date(t.at))}</time>{t.note}</li>)}
        </ol>
      </section>
    </div>
  )
}
