// The admin's home, above Payload's list of collections: the morning's questions answered from the database at each
// visit (ADR 054). Takings against the period before, 8 weeks of daily takings, what needs doing, stock and searches.
// Staff only: a customer who reaches /admin sees nothing of it.
import type { Payload, PayloadRequest } from 'payload'
import type { ReactNode } from 'react'
import { isStaffUser } from '../../../cms/access/roles'
import { formatDayShort } from '../../../domain/booking/calendar'
import { changeInWords, dailyTakings, periodTakings } from '../../../domain/dashboard/takings'
import { formatPence } from '../../../domain/money'
import { timeInWords } from '../../../lib/text/time-in-words'
import { dashboardFigures, type ProductFigure, type SearchedWords } from '../dashboard-figures.server'
import { DailySalesChart } from './daily-sales-chart'

const card = { border: '1px solid var(--theme-elevation-150)', borderRadius: 6, padding: '12px 16px', background: 'var(--theme-elevation-0)' }
const grid = (min: number) => ({ display: 'grid', gap: 16, gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`, marginBottom: 24 })
const cell = { padding: '4px 8px', borderBottom: '1px solid var(--theme-elevation-150)', textAlign: 'left' as const }
const figure = { fontSize: 28, fontWeight: 600, margin: '4px 0' }

function Card({ title, id, children }: { readonly title: string; readonly id: string; readonly children: ReactNode }) {
  return (
    <section aria-labelledby={id} style={card}>
      <h3 id={id} style={{ margin: '0 0 6px', fontSize: 16 }}>{title}</h3>
      {children}
    </section>
  )
}

/** One line of the to-do list: a count linking to the list that holds the records. */
function Todo({ count, href, children }: { readonly count: number; readonly href: string; readonly children: ReactNode }) {
  return (
    <li style={{ marginBottom: 4 }}>
      <a href={href}><strong>{count}</strong> {children}</a>
    </li>
  )
}

function ProductTable({ rows, unit, empty, withPence }: { readonly rows: readonly ProductFigure[]; readonly unit: string; readonly empty: string; readonly withPence?: boolean }) {
  if (rows.length === 0) return <p>{empty}</p>
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%' }}>
      <thead><tr><th scope="col" style={cell}>Product</th><th scope="col" style={cell}>{unit}</th>{withPence && <th scope="col" style={cell}>Sales</th>}</tr></thead>
      <tbody>
        {rows.map((p) => (
          <tr key={p.id}>
            <td style={cell}><a href={`/admin/collections/products/${p.id}`}>{p.name}</a></td>
            <td style={cell}>{p.figure}</td>
            {withPence && <td style={cell}>{formatPence(p.pence ?? 0)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function WordsTable({ rows, caption, figure: which, empty }: { readonly rows: readonly SearchedWords[]; readonly caption: string; readonly figure: 'searches' | 'withoutResults'; readonly empty: string }) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', marginBottom: 12 }}>
      <caption style={{ textAlign: 'left', fontWeight: 600, padding: '4px 0' }}>{caption}</caption>
      <thead><tr><th scope="col" style={cell}>Words</th><th scope="col" style={cell}>{which === 'searches' ? 'Searches' : 'Found nothing'}</th></tr></thead>
      <tbody>
        {rows.length === 0 ? <tr><td style={cell} colSpan={2}>{empty}</td></tr> : rows.map((r) => <tr key={r.words}><td style={cell}>{r.words}</td><td style={cell}>{r[which]}</td></tr>)}
      </tbody>
    </table>
  )
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

export async function ShopDashboard({ payload, user, req }: { readonly payload: Payload; readonly user?: PayloadRequest['user']; readonly req?: PayloadRequest }) {
  const who = user ?? req?.user
  if (!isStaffUser(who)) return null
  const now = new Date()
  const f = await dashboardFigures(payload, now)
  const periods = periodTakings(now, f.hours)
  const days = dailyTakings(now, f.hours)
  const chartDays = days.map((d, i) => {
    const week = days.slice(Math.max(0, i - 6), i + 1)
    const average = Math.round(week.reduce((s, x) => s + x.pence, 0) / week.length)
    return { label: formatDayShort(d.day), pounds: d.pence / 100, averagePounds: average / 100, text: formatPence(d.pence) }
  })
  const total = days.reduce((s, d) => s + d.pence, 0)
  const best = days.reduce((a, d) => (d.pence > a.pence ? d : a), days[0]!)
  const summary = `Takings over the last 8 weeks: ${formatPence(total)} in all; the best day was ${formatDayShort(best.day)} with ${formatPence(best.pence)}.`
  const w = f.work
  return (
    <div data-testid="shop-dashboard" style={{ marginBottom: 32 }}>
      <h2 style={{ marginBottom: 12 }}>Today at the shop</h2>
      <div style={grid(220)}>
        {periods.map((p) => (
          <Card key={p.key} id={`takings-${p.key}`} title={`Takings ${p.label.toLowerCase()}`}>
            <p style={figure} data-testid={`takings-${p.key}`}>{formatPence(p.pence)}</p>
            <p style={{ margin: 0 }}>{changeInWords(p.pence, p.previousPence)} on {p.previousLabel} ({formatPence(p.previousPence)})</p>
          </Card>
        ))}
      </div>
      <div style={grid(320)}>
        <Card id="dash-todo" title="What needs doing">
          <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="work-to-do">
            <Todo count={w.toDispatch} href="/admin/collections/orders?where[status][in]=paid,processing&where[delivery.method][not_equals]=free">paid {plural(w.toDispatch, 'order', 'orders')} to dispatch</Todo>
            <Todo count={w.toPrepareForCollection} href="/admin/collections/orders?where[status][in]=paid,processing&where[delivery.method][equals]=free">paid {plural(w.toPrepareForCollection, 'order', 'orders')} to prepare for collection</Todo>
            <Todo count={w.reservationsExpiring} href="/admin/collections/reservations?where[stock.state][equals]=held">{plural(w.reservationsExpiring, 'reservation', 'reservations')} expiring in the next 24 hours</Todo>
            <Todo count={w.financeHoldsExpiring} href="/admin/collections/orders?where[kind][equals]=finance&where[stock.state][equals]=held">finance {plural(w.financeHoldsExpiring, 'hold', 'holds')} expiring in the next 24 hours</Todo>
            <Todo count={w.servicesToday} href="/admin/workshop">workshop {plural(w.servicesToday, 'booking', 'bookings')} today, {w.servicesTomorrow} tomorrow</Todo>
            <Todo count={w.testRidesToday} href="/admin/workshop">test {plural(w.testRidesToday, 'ride', 'rides')} today, {w.testRidesTomorrow} tomorrow</Todo>
            {/* RETURNS WAITING: wired in when the returns collection lands (count of returns awaiting staff, linked to their list). */}
            <Todo count={w.importsRunning} href="/admin/collections/catalogue-imports">{plural(w.importsRunning, 'import', 'imports')} queued or running</Todo>
            <Todo count={w.importsFailed} href="/admin/collections/catalogue-imports?where[status][equals]=failed">{plural(w.importsFailed, 'import', 'imports')} failed in the last 7 days</Todo>
          </ul>
          <p style={{ margin: '8px 0 0' }} data-testid="last-backup">
            Last backup:{' '}
            {f.backup ? (
              <>
                {timeInWords(f.backup.at, now)}, <strong>{f.backup.ok ? 'succeeded' : 'FAILED'}</strong>
                {!f.backup.ok && f.backup.error ? `: ${f.backup.error}` : ''}
              </>
            ) : (
              <strong>none has run yet</strong>
            )}
          </p>
        </Card>
        <Card id="dash-chart" title="Daily takings, last 8 weeks">
          <DailySalesChart days={chartDays} summary={summary} />
        </Card>
      </div>
      <div style={grid(320)}>
        <Card id="dash-low-stock" title={`Low stock (${w.lowStockThreshold} or fewer)`}>
          <p style={{ margin: '0 0 6px' }} data-testid="low-stock-count">{f.lowStock.total} {plural(f.lowStock.total, 'product', 'products')} on sale {plural(f.lowStock.total, 'is', 'are')} low. Change the level in <a href="/admin/globals/site-settings">site settings</a>.</p>
          <ProductTable rows={f.lowStock.products} unit="Units left" empty="Nothing is low." />
        </Card>
        <Card id="dash-best" title="Best sellers, last 30 days">
          <ProductTable rows={f.bestSellers} unit="Units sold" empty="Nothing sold in the last 30 days." withPence />
        </Card>
      </div>
      <div style={grid(320)}>
        <Card id="dash-searches" title="Top searches">
          <WordsTable rows={f.searches.top7} caption="Last 7 days" figure="searches" empty="No searches yet." />
          <WordsTable rows={f.searches.top30} caption="Last 30 days" figure="searches" empty="No searches yet." />
        </Card>
        <Card id="dash-no-results" title="Searches that found nothing">
          <WordsTable rows={f.searches.none7} caption="Last 7 days" figure="withoutResults" empty="Every search found something." />
          <WordsTable rows={f.searches.none30} caption="Last 30 days" figure="withoutResults" empty="Every search found something." />
          <p style={{ margin: 0 }}>Add a <a href="/admin/collections/search-synonyms">synonym</a> or stock the thing.</p>
        </Card>
      </div>
    </div>
  )
}
