// Admin › Email previews: every customer email with sample data, drawn with the shop's own brand (site settings ›
// Customer emails), its subject, its HTML part as a mail program shows it and its text part. Staff only. The frame
// holds the shop's own rendered HTML (no script in it); it is not sandboxed, so the accessibility checks can read it,
// and it keeps the admin page's Content Security Policy, which a srcdoc frame inherits.
import { DefaultTemplate } from '@payloadcms/next/templates'
import type { AdminViewServerProps } from 'payload'
import { isStaffUser } from '../cms/access/roles'
import { paths } from '../config/paths'
import { emailBrand } from '../features/emails/email-brand.server'
import { renderEmail } from '../features/emails/render-email'
import { emailSamples } from './email-catalogue'

export async function EmailPreviewsView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req, permissions, visibleEntities, locale } = initPageResult
  const payload = req.payload
  const body = await (async () => {
    if (!isStaffUser(req.user)) return <p>Only staff can preview the shop’s emails.</p>
    const brand = await emailBrand(payload)
    const samples = emailSamples(brand)
    const chosen = samples.find((s) => s.id === searchParams?.email) ?? samples[0]!
    const mail = await renderEmail(chosen.content, brand)
    return (
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(200px, 260px) 1fr', gap: 24, alignItems: 'start' }}>
        <nav aria-label="Emails">
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {samples.map((s) => (
              <li key={s.id} style={{ marginBottom: 6 }}>
                <a href={paths.adminEmailPreviews(s.id)} aria-current={s.id === chosen.id ? 'page' : undefined} style={{ fontWeight: s.id === chosen.id ? 700 : 400 }}>
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="email-preview-title">
          <h2 id="email-preview-title" style={{ marginTop: 0 }}>{chosen.title}</h2>
          <p style={{ margin: '0 0 12px' }}>
            <strong>Subject:</strong> {mail.subject}
          </p>
          <iframe title={`${chosen.title}: the email as HTML`} srcDoc={mail.html} style={{ width: '100%', maxWidth: 680, height: 720, border: '1px solid var(--theme-elevation-150)', background: '#fff' }} />
          <h3>Text part</h3>
          <pre style={{ whiteSpace: 'pre-wrap', maxWidth: 680, padding: 12, border: '1px solid var(--theme-elevation-150)', fontSize: 13 }}>{mail.text}</pre>
        </section>
      </div>
    )
  })()
  return (
    <DefaultTemplate i18n={req.i18n} locale={locale} params={params} payload={payload} permissions={permissions} searchParams={searchParams} user={req.user ?? undefined} visibleEntities={visibleEntities}>
      <div className="gutter--left gutter--right" style={{ paddingBlock: 24 }} data-testid="email-previews">
        <h1>Email previews</h1>
        <p>Every email customers get, with sample data, as it looks with the shop’s logo and colours (Settings › Site settings › Customer emails).</p>
        {body}
      </div>
    </DefaultTemplate>
  )
}
