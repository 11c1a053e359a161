import type { Metadata } from 'next'
import { paths } from '../../../../config/paths'
import { ProductPage } from '../../../../features/product/components/product-page'
import { dealerSettings, productBySlug } from '../../../../features/product/queries.server'
import { financeDisclosures, representativeQuoteForProduct } from '../../../../features/finance/queries.server'
import { redirectOrNotFound } from '../../../../features/content/redirect-or-not-found.server'
import { env } from '../../../../config/env'
import { SaveBikeButton } from '../../../../features/account/components/save-bike-button'
import { AskAboutBike } from '../../../../features/deals/components/ask-about-bike'

// Rendered on the first request for each product, then served from the cache and refreshed at most every
// five minutes; nothing is read from the database at build time.
export const revalidate = 300

export function generateStaticParams(): { slug: string }[] {
  return []
}

type Params = { params: Promise<{ slug: string }> }

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { slug } = await params
  const product = await productBySlug(slug)
  if (!product) return {}
  const description = product.metaDescription ?? product.shortDescription ?? undefined
  const image = product.options[product.defaultIndex]?.images[0]
  const imageUrl = image?.sizes?.large?.url ?? image?.url
  return {
    title: product.name,
    description,
    alternates: { canonical: paths.product(product.slug) },
    openGraph: {
      type: 'website',
      title: product.name,
      description,
      url: paths.product(product.slug),
      images: imageUrl ? [{ url: imageUrl, alt: image?.alt }] : undefined,
    },
  }
}

export default async function Page({ params }: Params) {
  const { slug } = await params
  const [product, settings, disclosures] = await Promise.all([productBySlug(slug), dealerSettings(), financeDisclosures()])
  if (!product) return redirectOrNotFound(paths.product(slug))
  const quote = product.finance ? await representativeQuoteForProduct(product.slug) : null
  return (
    <ProductPage
      product={product}
      settings={settings}
      siteUrl={env().SITE_URL}
      financeExample={quote ? { example: quote.example, lenderName: quote.lenderName } : null}
      disclosures={disclosures}
      saveButton={<SaveBikeButton slug={product.slug} name={product.name} />}
      askButton={<AskAboutBike productId={product.id} name={product.name} />}
    />
  )
}
