// A breadcrumb trail above a page's heading, and the same trail as schema.org BreadcrumbList JSON-LD.
import { env } from '../../config/env'

export interface Crumb {
  name: string
  href: string
}

function absolute(href: string): string {
  return new URL(href, env().SITE_URL).toString()
}

/** JSON for a <script> element: `<` is escaped so no text can close the element early. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absolute(c.href) })),
  }
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          {trail.map((c, i) => (
            <li key={c.href}>
              {i === trail.length - 1 ? <span aria-current="page">{c.name}</span> : <a href={c.href}>{c.name}</a>}
            </li>
          ))}
        </ol>
      </nav>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }} />
    </>
  )
}
