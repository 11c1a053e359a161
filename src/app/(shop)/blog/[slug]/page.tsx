import type { Metadata } from 'next'
import { Breadcrumbs } from '../../../../components/ui/breadcrumbs'
import { Picture } from '../../../../components/ui/picture'
import { paths } from '../../../../config/paths'
import { RichText } from '../../../../components/ui/rich-text'
import { postBySlug } from '../../../../features/content/queries.server'
import { redirectOrNotFound } from '../../../../features/content/redirect-or-not-found.server'
import type { Media } from '../../../../payload-types'
import { env } from '../../../../config/env'
import { ukLongDate } from '../../../../lib/text/uk-date'

export const revalidate = 300
export function generateStaticParams() {
  return []
}

type Props = { params: Promise<{ slug: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params
  const post = await postBySlug(slug)
  if (!post) return { title: 'Page not found', robots: { index: false } }
  const title = post.meta?.title ?? post.title
  const description = post.meta?.description ?? post.excerpt
  const image = (post.heroImage as Media | null)?.sizes?.large?.url ?? (post.heroImage as Media | null)?.url
  return {
    title: { absolute: title },
    description,
    alternates: { canonical: paths.post(post.slug) },
    openGraph: { title, description, type: 'article', url: paths.post(post.slug), publishedTime: post.publishedAt, images: image ? [image] : undefined },
  }
}

export default async function BlogPost({ params }: Props) {
  const { slug } = await params
  const post = await postBySlug(slug)
  if (!post) return redirectOrNotFound(`/blog/${slug}`)
  const hero = post.heroImage as Media | null
  const siteUrl = env().SITE_URL
  const jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      author: { '@type': 'Organization', name: post.authorName ?? 'Wheelhouse' },
      image: hero?.url ? [new URL(hero.url, siteUrl).toString()] : undefined,
      mainEntityOfPage: new URL(paths.post(post.slug), siteUrl).toString(),
    },
  ]
  return (
    <article className="container content-page">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
<Breadcrumbs trail={[{ name: 'Home', href: paths.home() }, { name: 'Blog', href: paths.blog() }, { name: post.title, href: paths.post(post.slug) }]} />
      <h1>{post.title}</h1>
      <p className="post-card__date">
        <time dateTime={post.publishedAt}>{ukLongDate(post.publishedAt)}</time>
        {post.authorName && ` · ${post.authorName}`}
      </p>
      <Picture media={hero} sizes="(min-width: 800px) 760px, 92vw" className="content-page__hero" priority />
      <RichText data={post.content} />
    </article>
  )
}
