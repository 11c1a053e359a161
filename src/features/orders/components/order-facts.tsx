// The facts of an order as its admin page shows them, in pounds: who and where, the payment, the lines and totals,
// refunds, returns and the history, newest first. Presentational: order-panel.tsx fetches and acts.
import type { CSSProperties, ReactNode } from 'react'
import { formatPence } from '../../../domain/money'
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../domain/orders/order-status'
import type { OrderStaffView } from '../order-staff-contract'

export const card: CSSProperties = { border: '1px solid var(--theme-elevation-150)', borderRadius: 6, padding: '12px 16px', background: 'var(--theme-elevation-0)' }
const cell: CSSProperties = { padding: '6px 8px', borderBottom: '1px solid var(--theme-elevation-150)', textAlign: 'left', verticalAlign: 'top' }
const num: CSSProperties = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' }
const table: CSSProperties = { width: '100%', borderCollapse: 'collapse', fontSize: 14 }
const muted: CSSProperties = { margin: 0, color: 'var(--theme-elevation-800)' }

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' })
export const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—')
const stateLabel = (s: string | null) => (s ? (ORDER_STATUS_LABELS[s as OrderStatus] ?? s[0]!.toUpperCase() + s.slice(1).replace(/_/g, ' ')) : '')

export function Section({ title, id, children, style }: { readonly title: string; readonly id: string; readonly children: ReactNode; readonly style?: CSSProperties }) {
  return (
    <section aria-labelledby={id} style={{ ...card, ...style }}>
      <h3 id={id} style={{ margin: '0 0 8px', fontSize: 16 }}>{title}</h3>
      {children}
    </section>
  )
}

function Pairs({ rows }: { readonly rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px', margin: 0, fontSize: 14 }}>
      {rows.map(([term, value]) => [<dt key={`${term}-t`} style={{ fontWeight: 600 }}>{term}</dt>, <dd key={`${term}-d`} style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>])}
    </dl>
  )
}

export function WhoAndWhere({ view }: { readonly view: OrderStaffView }) {
  const { customer, delivery, payment } = view
  return (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' }}>
      <Section title="Customer" id="order-panel-customer">
        <Pairs rows={[['Name', customer.name], ['Email', <a key="e" href={`mailto:${customer.email}`}>{customer.email}</a>], ['Phone', <a key="p" href={`tel:${customer.phone.replace(/\s+/g, '')}`}>{customer.phone}</a>]]} />
      </Section>
      <Section title={delivery.collection ? 'Collection' : 'Delivery'} id="order-panel-delivery">
        <Pairs rows={[['Method', delivery.method], [delivery.collection ? 'From' : 'To', delivery.address || (delivery.collection ? 'The shop' : 'No address recorded')], ...(delivery.feeToBeQuoted ? [['Fee', 'To be quoted by the dealer'] as const] : [])]} />
      </Section>
      <Section title="Payment" id="order-panel-payment">
        <Pairs
          rows={[
            ['Paid by', view.kind === 'finance' ? 'Finance application' : [payment.method, payment.provider && `through ${payment.provider}`].filter(Boolean).join(' ') || '—'],
            ['Paid at', at(payment.paidAt)],
            ['Reference', payment.reference ?? '—'],
            ['Refunded', formatPence(payment.refundedPence)],
          ]}
        />
      </Section>
    </div>
  )
}

export function LinesAndTotals({ view }: { readonly view: OrderStaffView }) {
  const t = view.totals
  const totals: [string, number][] = [['Subtotal', t.subtotalPence], ...(t.discountPence ? [['Discount', -t.discountPence] as [string, number]] : []), [view.delivery.collection ? 'Collection' : 'Delivery', t.deliveryPence], ['Total', t.totalPence], ['VAT included', t.vatPence]]
  return (
    <Section title="What was ordered" id="order-panel-lines">
      <table style={table}>
        <thead>
          <tr><th scope="col" style={cell}>Item</th><th scope="col" style={num}>Units</th><th scope="col" style={num}>Price each</th><th scope="col" style={num}>Line total</th></tr>
        </thead>
        <tbody>
          {view.lines.map((l, i) => (
            <tr key={i}>
              <td style={cell}>{l.name}{l.sku && <span style={{ ...muted, display: 'block', fontSize: 13 }}>SKU {l.sku}</span>}</td>
              <td style={num}>{l.count}</td>
              <td style={num}>{formatPence(l.unitPricePence)}</td>
              <td style={num}>{formatPence(l.lineTotalPence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map(([label, pence]) => (
            <tr key={label}>
              <th scope="row" colSpan={3} style={{ ...num, fontWeight: label === 'Total' ? 700 : 400 }}>{label}</th>
              <td style={{ ...num, fontWeight: label === 'Total' ? 700 : 400 }}>{pence < 0 ? `−${formatPence(-pence)}` : formatPence(pence)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </Section>
  )
}

export function RefundsAndReturns({ view }: { readonly view: OrderStaffView }) {
  return (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))' }}>
      <Section title="Refunds so far" id="order-panel-refunds">
        {view.refunds.length === 0 ? (
          <p style={muted}>{view.payment.refundedPence > 0 ? `${formatPence(view.payment.refundedPence)} refunded in full from the order’s status.` : 'None.'}</p>
        ) : (
          <table style={table}>
            <thead><tr><th scope="col" style={cell}>When</th><th scope="col" style={cell}>For</th><th scope="col" style={cell}>State</th><th scope="col" style={num}>Amount</th></tr></thead>
            <tbody>
              {view.refunds.map((r) => (
                <tr key={r.id}>
                  <td style={cell}>{at(r.at)}</td>
                  <td style={cell}>{r.returnNumber ? `Return ${r.returnNumber}` : 'Part of the order'}</td>
                  <td style={cell}>{stateLabel(r.state)}{r.failure && <span style={{ display: 'block', fontSize: 13 }}>{r.failure}</span>}</td>
                  <td style={num}>{formatPence(r.amountPence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section title="Returns of this order" id="order-panel-returns">
        {view.returns.length === 0 ? (
          <p style={muted}>None.</p>
        ) : (
          <table style={table}>
            <thead><tr><th scope="col" style={cell}>Return</th><th scope="col" style={cell}>Asked on</th><th scope="col" style={cell}>State</th><th scope="col" style={num}>Refunded</th></tr></thead>
            <tbody>
              {view.returns.map((r) => (
                <tr key={r.id}>
                  <td style={cell}><a href={`/admin/collections/returns/${r.id}`}>{r.returnNumber}</a></td>
                  <td style={cell}>{r.requestedOn}</td>
                  <td style={cell}>{stateLabel(r.state)}</td>
                  <td style={num}>{r.refundPence == null ? '—' : formatPence(r.refundPence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
    </div>
  )
}

export function Timeline({ view }: { readonly view: OrderStaffView }) {
  return (
    <Section title="History, newest first" id="order-panel-history">
      <ol style={{ listStyle: 'none', margin: 0, padding: 0, fontSize: 14 }}>
        {view.history.map((h, i) => (
          <li key={i} style={{ padding: '6px 0', borderBottom: '1px solid var(--theme-elevation-150)' }}>
            <strong>{at(h.at)}</strong>
            {h.to && h.from !== h.to && <span> · {h.from ? `${stateLabel(h.from)} → ` : ''}{stateLabel(h.to)}</span>}
            <span> · {h.actor}</span>
            {h.note && <p style={{ margin: '2px 0 0' }}>{h.note}</p>}
          </li>
        ))}
      </ol>
    </Section>
  )
}
