// Title, description and canonical address of a listing page; later pages say which page they are.
import type { Metadata } from 'next'
import { canonicalHref, type ListingQuery } from '../../domain/catalogue/listing-query'

export function listingMetadata({ title, description, basePath, query }: { title: string; description: string; basePath: string; query: ListingQuery }): Metadata {
  const pageTitle = query.page > 1 ? `${title}, page ${query.page}` : title
  return {
    title: pageTitle,
    description,
    alternates: { canonical: canonicalHref(basePath, query) },
    openGraph: { title: pageTitle, description, url: canonicalHref(basePath, query) },
  }
}
