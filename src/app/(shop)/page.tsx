import { ProductCard } from '../../features/catalogue/components/product-card'
import { featuredProducts, latestPosts, siteSettings, topCategories } from '../../features/catalogue/queries.server'
import { Picture } from '../../components/ui/picture'
import type { Media } from '../../payload-types'
import { listedAmongCycles } from '../../domain/vehicles/eapc'
import { VALUATION_HOLD_DAYS } from '../../domain/part-exchange/valuation-hold'
import { paths } from '../../config/paths'
import { ukLongDate } from '../../lib/text/uk-date'

// Served from the cache and regenerated in the background at most once a minute.
export const revalidate = 60

export default async function HomePage() {
  const [featured, categories, posts, settings] = await Promise.all([featuredProducts(16), topCategories(), latestPosts(3), siteSettings()])
  const bikes = featured.filter((p) => p.kind === 'motorcycle' || p.kind === 'scooter')
  const cycles = featured.filter(listedAmongCycles)
  const gear = featured.filter((p) => p.kind === 'riderwear' || p.kind === 'accessory')
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>Motorcycles, scooters, bicycles and e-bikes</h1>
          <p>New and used bikes from {settings.dealerName}, with finance, rider wear and accessories.</p>
          <p className="hero__actions">
            <a className="button button--primary" href="/all-bikes">Browse all bikes</a>
            <a className="button" href="/finance">How finance works</a>
          </p>
        </div>
      </section>

      <section className="container section" aria-labelledby="shop-by-category">
        <h2 id="shop-by-category">Shop by category</h2>
        <ul className="category-grid">
          {categories.map((c) => (
            <li key={c.id}>
              <a href={`/category/${c.slug}`} className="category-tile">
                <span className="category-tile__name">{c.name}</span>
                <span className="category-tile__text">{c.description}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      {[
        { id: 'featured-motorcycles', title: 'Featured motorcycles and scooters', items: bikes },
        { id: 'featured-cycles', title: 'Bicycles and e-bikes', items: cycles },
        { id: 'featured-gear', title: 'Rider wear and accessories', items: gear },
      ].map((group) =>
        group.items.length ? (
          <section key={group.id} className="container section" aria-labelledby={group.id}>
            <h2 id={group.id}>{group.title}</h2>
            <div className="product-grid">
              {/* Below the hero and the categories at every width, so none is the largest paint: all load lazily. */}
              {group.items.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </div>
          </section>
        ) : null,
      )}

      <section className="container section finance-teaser" aria-labelledby="finance-teaser">
        <h2 id="finance-teaser">Ride now, pay monthly</h2>
        <p>Hire purchase and PCP on new and used bikes, with live quotes from our panel of lenders. Finance is subject to status; UK residents aged 18 and over.</p>
        <p><a href="/finance">Read how finance works</a></p>
        <p>Got a bike to trade in? <a href={paths.valueMyBike()}>Value my bike</a> for a part-exchange figure we hold for {VALUATION_HOLD_DAYS} days.</p>
      </section>

      {posts.length > 0 && (
        <section className="container section" aria-labelledby="latest-posts">
          <h2 id="latest-posts">From the blog</h2>
          <div className="post-grid">
            {posts.map((post) => (
              <article key={post.id} className="post-card">
                <Picture media={post.heroImage as Media | null} sizes="(min-width: 900px) 30vw, 90vw" className="post-card__image" alt="" />
                <h3><a href={`/blog/${post.slug}`}>{post.title}</a></h3>
                <p>{post.excerpt}</p>
                <p className="post-card__date">
                  <time dateTime={post.publishedAt}>{ukLongDate(post.publishedAt)}</time>
                </p>
              </article>
            ))}
          </div>
        </section>
      )}
    </>
  )
}
