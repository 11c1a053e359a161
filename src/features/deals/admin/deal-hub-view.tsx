// Admin › Deal hub: every deal by stage, with its owner, its next action and when that is due. A deal waiting past
// its next action is marked and listed first. What the sales team works from each morning.
import { DefaultTemplate } from '@payloadcms/next/templates'
import type { AdminViewServerProps } from 'payload'
import { isStaffUser } from '../../../cms/access/roles'
import { DEAL_STAGE_VALUES, DEAL_STAGES, isDealStage, isOverdue, type DealStage } from '../../../domain/deals/deal-stages'
import { formatUkDateTime } from '../../../domain/reservations/reservation-rules'
import { HUB_PAGE_SIZE, hubDeals } from '../deal-rows.server'

const cell = { padding: '6px 10px', borderBottom: '1px solid var(--theme-elevation-150)', textAlign: 'left' as const, verticalAlign: 'top' as const }
const OPEN = DEAL_STAGE_VALUES.filter((s) => !DEAL_STAGES[s].final)

const hubHref = (stage: string, page = 1) => `/admin/deal-hub?stage=${stage}${page > 1 ? `&page=${page}` : ''}`

export async function DealHubView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req, permissions, visibleEntities, locale } = initPageResult
  const payload = req.payload
  const body = await (async () => {
    if (!isStaffUser(req.user)) return <p>Only staff can see the deal hub.</p>
    const raw = typeof searchParams?.stage === 'string' ? searchParams.stage : 'open'
    const chosen: 'open' | DealStage = isDealStage(raw) ? raw : 'open'
    const pageRaw = Number(typeof searchParams?.page === 'string' ? searchParams.page : 1)
    const page = Number.isSafeInteger(pageRaw) && pageRaw > 0 ? pageRaw : 1
    const now = new Date()
    const { deals, total, counts } = await hubDeals(payload, { stages: chosen === 'open' ? OPEN : [chosen], page, now })
    const openCount = OPEN.reduce((n, s) => n + counts[s], 0)
    const pages = Math.max(1, Math.ceil(total / HUB_PAGE_SIZE))
    return (
      <>
        <nav aria-label="Deal stages">
          <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '6px 16px', listStyle: 'none', padding: 0 }}>
            {[['open', `All open (${openCount})`] as const, ...DEAL_STAGE_VALUES.map((s) => [s, `${DEAL_STAGES[s].label} (${counts[s]})`] as const)].map(([value, label]) => (
              <li key={value}>
                <a href={hubHref(value)} aria-current={value === chosen ? 'page' : undefined} style={{ fontWeight: value === chosen ? 700 : 400 }}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
        {deals.length === 0 ? (
          <p>No deals here.</p>
        ) : (
          <table style={{ borderCollapse: 'collapse', marginTop: 12, width: '100%' }}>
            <caption style={{ textAlign: 'left', marginBottom: 6 }}>{total} deal{total === 1 ? '' : 's'}{chosen === 'open' ? ' open' : ` ${DEAL_STAGES[chosen].label.toLowerCase()}`}, those past their next action first</caption>
            <thead><tr><th style={cell}>Deal</th><th style={cell}>Stage</th><th style={cell}>Owner</th><th style={cell}>Next action</th><th style={cell}>Due</th><th style={cell}>Last step</th></tr></thead>
            <tbody>
              {deals.map((d) => {
                const late = isOverdue(d, now)
                return (
                  <tr key={d.id} style={late ? { background: 'var(--theme-error-50)' } : undefined}>
                    <td style={cell}><a href={`/admin/collections/deals/${d.id}`}>{d.title}</a></td>
                    <td style={cell}>{DEAL_STAGES[d.stage].label}</td>
                    <td style={cell}>{d.ownerEmail ?? <em>Nobody</em>}</td>
                    <td style={cell}>{d.nextAction ?? '—'}</td>
                    <td style={cell}>{d.nextActionDue ? <>{late && <strong style={{ color: 'var(--theme-error-750)' }}>Overdue: </strong>}{formatUkDateTime(new Date(d.nextActionDue))}</> : '—'}</td>
                    <td style={cell}>{d.lastStep && <>{d.lastStep}<br /></>}{d.lastActivityAt ? formatUkDateTime(new Date(d.lastActivityAt)) : '—'}{d.remindedAt && <><br />Stopped part-way: reminded {formatUkDateTime(new Date(d.remindedAt))}</>}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
        {pages > 1 && (
          <p>
            {page > 1 && <a href={hubHref(chosen, page - 1)}>Previous page</a>} Page {page} of {pages}{' '}
            {page < pages && <a href={hubHref(chosen, page + 1)}>Next page</a>}
          </p>
        )}
      </>
    )
  })()
  return (
    <DefaultTemplate i18n={req.i18n} locale={locale} params={params} payload={payload} permissions={permissions} searchParams={searchParams} user={req.user ?? undefined} visibleEntities={visibleEntities}>
      <div className="gutter--left gutter--right" style={{ paddingBlock: 24 }}>
        <h1>Deal hub</h1>
        {body}
      </div>
    </DefaultTemplate>
  )
}
