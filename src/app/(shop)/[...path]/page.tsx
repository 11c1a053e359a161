// The generic page template at /{slug}; any other path nothing else answers follows a CMS redirect or 404s. The
// returns page also carries the model cancellation form with the dealer's details; the finance page, the dealer's
// broker status and commission disclosure.
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { paths } from '../../../config/paths'
import { RichText } from '../../../components/ui/rich-text'
import { cancellationTrader, FINANCE_PAGE_SLUG, pageBySlug, RETURNS_PAGE_SLUG } from '../../../features/content/queries.server'
import { FinanceBrokerNotice } from '../../../components/ui/finance-broker-notice'
import { financeDisclosures } from '../../../features/finance/queries.server'
import { ModelCancellationForm } from '../../../features/content/components/model-cancellation-form'
import { redirectOrNotFound } from '../../../features/content/redirect-or-not-found.server'

export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams() {
  return [] // rendered on first visit, then cached until staff change content
}

type Props = { params: Promise<{ path: string[] }> }

async function load(segments: string[]) {
  return segments.length === 1 ? pageBySlug(segments[0]!) : null
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { path } = await params
  const page = await load(path)
  if (!page) return { title: 'Page not found', robots: { index: false } }
  const title = page.meta?.title ?? page.title
  const description = page.meta?.description ?? page.intro ?? undefined
  return {
    title: { absolute: title },
    description,
    alternates: { canonical: paths.page(page.slug) },
    openGraph: { title, description, url: paths.page(page.slug), type: 'website' },
  }
}

export default async function GenericPage({ params }: Props) {
  const { path } = await params
  const page = await load(path)
  if (!page) {
    await redirectOrNotFound(`/${path.join('/')}`)
    notFound()
  }
  return (
    <article className="container content-page">
      <h1>{page.title}</h1>
      {page.intro && <p className="content-page__intro">{page.intro}</p>}
      <RichText data={page.content} />
      {/* The law asks for the model cancellation form where the right to cancel is explained, whatever staff write. */}
      {page.slug === RETURNS_PAGE_SLUG && <ModelCancellationForm trader={await cancellationTrader()} />}
      {/* The finance page states the broker status and the commission as every finance screen does, whatever staff write. */}
      {page.slug === FINANCE_PAGE_SLUG && <FinanceBrokerNotice disclosures={await financeDisclosures()} />}
      {/* Finance takes a part-exchange: the way to value one sits with the explanation, whatever staff write. */}
      {page.slug === FINANCE_PAGE_SLUG && (
        <p>
          Part-exchanging your bike? <a href={paths.valueMyBike()}>Value my bike</a>: the figure comes off what you borrow.
        </p>
      )}
    </article>
  )
}
