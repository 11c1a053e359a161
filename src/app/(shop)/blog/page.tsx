import type { Metadata } from 'next'
import { Picture } from '../../../components/ui/picture'
import { paths } from '../../../config/paths'
import { postList } from '../../../features/content/queries.server'
import type { Media } from '../../../payload-types'
import { ukLongDate } from '../../../lib/text/uk-date'

export const revalidate = 300

export const metadata: Metadata = {
  title: 'Blog: riding, buying and looking after your bike',
  description: 'Buying guides, riding tips and workshop advice from the Wheelhouse team.',
  alternates: { canonical: paths.blog() },
}

export default async function BlogIndex() {
  const posts = await postList(1, 24)
  return (
    <div className="container section">
      <h1>Blog</h1>
      <div className="post-grid">
        {posts.docs.map((post) => (
          <article key={post.id} className="post-card">
            <Picture media={post.heroImage as Media | null} sizes="(min-width: 900px) 30vw, 90vw" className="post-card__image" alt="" />
            <h2 className="post-card__title"><a href={paths.post(post.slug)}>{post.title}</a></h2>
            <p>{post.excerpt}</p>
            <p className="post-card__date">
              <time dateTime={post.publishedAt}>{ukLongDate(post.publishedAt)}</time>
              {post.authorName && ` · ${post.authorName}`}
            </p>
          </article>
        ))}
      </div>
    </div>
  )
}
