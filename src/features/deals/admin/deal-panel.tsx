// The top of a deal in the admin: its figures, the steps the customer took (found from their records) and the
// timeline, so staff see the whole deal without joining four lists by email address.
import type { ServerComponentProps } from 'payload'
import { formatPence } from '../../../domain/money'
import { formatUkDateTime } from '../../../domain/reservations/reservation-rules'
import { dealView } from '../deal-view.server'
import { DealFiguresTable } from '../components/deal-figures-table'

const box = { border: '1px solid var(--theme-elevation-150)', borderRadius: 4, padding: '12px 16px', marginBottom: 16 }

export async function DealPanel({ id, payload }: Pick<ServerComponentProps, 'id' | 'payload'>) {
  if (id == null) return null
  const view = await dealView(payload, Number(id))
  if (!view) return null
  return (
    <section aria-labelledby="deal-panel-heading" style={box}>
      <h2 id="deal-panel-heading" style={{ marginTop: 0 }}>{view.stageLabel}: {view.productName}</h2>
      <p>{view.firstName} {view.lastName} · {view.email} · {view.handover === 'delivery' ? 'Delivery' : view.handover === 'collection' ? 'Collection' : 'Handover not chosen'} · {view.consent ? 'Agreed to be contacted' : 'No consent to be contacted'}</p>
      <DealFiguresTable figures={view.figures} from={view.figuresFrom} finance={view.finance} />
      <h3>Steps</h3>
      {view.steps.length === 0 ? <p>None yet.</p> : (
        <ul>{view.steps.map((s, i) => <li key={i}>{formatUkDateTime(new Date(s.at))}: {s.label}{s.detail ? ` (${s.detail})` : ''}</li>)}</ul>
      )}
      <h3>Timeline</h3>
      <ol>{view.timeline.map((t, i) => <li key={i}>{formatUkDateTime(new Date(t.at))} · {t.actor}: {t.note}</li>)}</ol>
      {view.finance?.advancePence != null && view.finance.advancePence !== view.figures.balancePence - view.figures.deliveryPence && (
        <p role="alert">The confirmed part-exchange changed the balance: it is {formatPence(view.figures.balancePence)}, the lender was asked for {formatPence(view.finance.advancePence)}. Ask the lender to re-quote.</p>
      )}
    </section>
  )
}
