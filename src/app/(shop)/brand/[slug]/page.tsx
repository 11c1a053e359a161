import type { Metadata } from 'next'
import { parseListingQuery } from '../../../../domain/catalogue/listing-query'
import { paths } from '../../../../config/paths'
import { ListingView } from '../../../../features/listing/components/listing-view'
import { listingMetadata } from '../../../../features/listing/metadata'
import { brandBySlug } from '../../../../features/listing/categories-and-brands.server'
import { redirectOrNotFound } from '../../../../features/content/redirect-or-not-found.server'

export const revalidate = 300

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const brand = await brandBySlug(decodeURIComponent((await params).slug))
  if (!brand) return { title: 'Brand not found' }
  return listingMetadata({
    title: brand.name,
    description: brand.description ? `${brand.name}: ${brand.description}` : `${brand.name} bikes, riderwear and accessories at Wheelhouse.`,
    basePath: paths.brand(brand.slug),
    query: parseListingQuery(await searchParams),
  })
}

export default async function BrandPage({ params, searchParams }: Props) {
  const brand = await brandBySlug(decodeURIComponent((await params).slug))
  if (!brand) return redirectOrNotFound(paths.brand(decodeURIComponent((await params).slug)))
  const raw = await searchParams
  return (
    <ListingView
      basePath={paths.brand(brand.slug)}
      raw={raw}
      query={parseListingQuery(raw)}
      scope={{ type: 'brand', brandId: brand.id }}
      title={brand.name}
      intro={brand.description ? <p className="listing__intro">{brand.description}</p> : undefined}
      trail={[{ name: 'Home', href: paths.home() }, { name: brand.name, href: paths.brand(brand.slug) }]}
      showBrands={false}
    />
  )
}
