// Admin › Workshop day view: the next open days with capacity used and left (mechanic minutes), each day's
// jobs and test rides with their status, and a link to book a phone or walk-in customer. What staff work from.
import { DefaultTemplate } from '@payloadcms/next/templates'
import type { AdminViewServerProps } from 'payload'
import { isStaffUser } from '../../../cms/access/roles'
import { openDays, todayInUk } from '../../../domain/booking/availability'
import { addDays, formatDayLong } from '../../../domain/booking/calendar'
import { JOB_STATUS_LABELS, type JobStatus } from '../../../domain/booking/job-status'
import { bookingSettingsFrom } from '../booking-settings'

const cell = { padding: '6px 10px', borderBottom: '1px solid var(--theme-elevation-150)', textAlign: 'left' as const }

export async function WorkshopDayView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req, permissions, visibleEntities, locale } = initPageResult
  const payload = req.payload
  const body = await (async () => {
    if (!isStaffUser(req.user)) return <p>Only staff can see the workshop plan.</p>
    const settings = bookingSettingsFrom(await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true, req }))
    const raw = searchParams?.from
    const start = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : todayInUk(new Date())
    const end = addDays(start, 13)
    const [counters, bookings] = await Promise.all([
      payload.find({ collection: 'booking-days', where: { and: [{ resource: { equals: 'workshop' } }, { day: { greater_than_equal: start } }, { day: { less_than_equal: end } }] }, limit: 100, pagination: false, overrideAccess: true, depth: 0, req }),
      payload.find({ collection: 'bookings', where: { and: [{ day: { greater_than_equal: start } }, { day: { less_than_equal: end } }, { status: { not_equals: 'cancelled' } }] }, limit: 1000, pagination: false, overrideAccess: true, depth: 0, sort: 'window', req }),
    ])
    const used = new Map(counters.docs.map((c) => [c.day, c.usedMinutes]))
    const rules = { ...settings.workshop, leadDays: 0, horizonDays: 13 }
    const days = openDays(rules, start, (d) => used.get(d) ?? 0)
    const capacity = settings.workshop.dailyCapacity
    return (
      <>
        <p>
          Capacity {capacity} mechanic minutes a day (site settings › Workshop bookings).{' '}
          <a href="/admin/collections/bookings/create">Book a phone or walk-in customer</a> ·{' '}
          <a href={`/admin/workshop?from=${addDays(start, -14)}`}>Previous fortnight</a> · <a href={`/admin/workshop?from=${addDays(start, 14)}`}>Next fortnight</a>
        </p>
        {days.map((d) => {
          const jobs = bookings.docs.filter((b) => b.day === d.day)
          const taken = capacity - d.remaining
          const percent = capacity > 0 ? Math.min(100, Math.round((taken / capacity) * 100)) : 100
          return (
            <section key={d.day} aria-labelledby={`day-${d.day}`} style={{ marginBlock: '20px' }}>
              <h2 id={`day-${d.day}`} style={{ marginBottom: 4 }}>{formatDayLong(d.day)}</h2>
              <p style={{ margin: '0 0 6px' }}>{taken} of {capacity} minutes booked · {d.remaining} left</p>
              <div role="img" aria-label={`${percent}% of the day booked`} style={{ height: 10, background: 'var(--theme-elevation-100)', borderRadius: 5, maxWidth: 480 }}>
                <div style={{ width: `${percent}%`, height: '100%', borderRadius: 5, background: percent >= 100 ? 'var(--theme-error-500)' : 'var(--theme-success-500)' }} />
              </div>
              {jobs.length > 0 && (
                <table style={{ borderCollapse: 'collapse', marginTop: 8, width: '100%', maxWidth: 900 }}>
                  <thead><tr><th style={cell}>Reference</th><th style={cell}>Job</th><th style={cell}>Customer</th><th style={cell}>Status</th><th style={cell}>Minutes</th></tr></thead>
                  <tbody>
                    {jobs.map((b) => (
                      <tr key={b.id}>
                        <td style={cell}><a href={`/admin/collections/bookings/${b.id}`}>{b.reference}</a></td>
                        <td style={cell}>{b.kind === 'test_ride' ? `Test ride ${b.window ?? ''}: ${b.testRide?.bikeName ?? ''}` : (b.service?.lines ?? []).map((l) => l.name).join(' + ')}</td>
                        <td style={cell}>{b.firstName} {b.lastName} · {b.phone} ({b.source})</td>
                        <td style={cell}>{JOB_STATUS_LABELS[b.status as JobStatus] ?? b.status}</td>
                        <td style={cell}>{b.kind === 'test_ride' ? '—' : b.minutes}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          )
        })}
      </>
    )
  })()
  return (
    <DefaultTemplate i18n={req.i18n} locale={locale} params={params} payload={payload} permissions={permissions} searchParams={searchParams} user={req.user ?? undefined} visibleEntities={visibleEntities}>
      <div className="gutter--left gutter--right" style={{ paddingBlock: 24 }}>
        <h1>Workshop day view</h1>
        {body}
      </div>
    </DefaultTemplate>
  )
}
