import type { Metadata } from 'next'
import { parseListingQuery } from '../../../../domain/catalogue/listing-query'
import { paths } from '../../../../config/paths'
import { ListingView } from '../../../../features/listing/components/listing-view'
import { listingMetadata } from '../../../../features/listing/metadata'
import { allCategories, categoryByPath, categoryTrail } from '../../../../features/listing/categories-and-brands.server'
import { redirectOrNotFound } from '../../../../features/content/redirect-or-not-found.server'

export const revalidate = 300

type Props = { params: Promise<{ path: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

async function findCategory(params: Props['params']) {
  const segments = (await params).path.map((s) => decodeURIComponent(s))
  return categoryByPath(segments.join('/'))
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const category = await findCategory(params)
  if (!category) return { title: 'Category not found' }
  return listingMetadata({
    title: category.name,
    description: category.description ?? `${category.name} at Wheelhouse: new and used, with finance and UK delivery.`,
    basePath: paths.category(category.path),
    query: parseListingQuery(await searchParams),
  })
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const category = await findCategory(params)
  if (!category) return redirectOrNotFound(`/category/${(await params).path.join('/')}`)
  const raw = await searchParams
  const trail = categoryTrail(await allCategories(), category).map((c) => ({ name: c.name, href: paths.category(c.path) }))
  return (
    <ListingView
      basePath={paths.category(category.path)}
      raw={raw}
      query={parseListingQuery(raw)}
      scope={{ type: 'category', categoryPath: category.path }}
      title={category.name}
      intro={category.description ? <p className="listing__intro">{category.description}</p> : undefined}
      trail={[{ name: 'Home', href: paths.home() }, ...trail]}
      noun={category.kind === 'riderwear' || category.kind === 'accessory' ? 'product' : 'bike'}
    />
  )
}
