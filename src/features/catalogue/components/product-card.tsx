// One product in a grid: picture, name, price and the facts a buyer scans for.
import { paths } from '../../../config/paths'
import { formatPence } from '../../../domain/money'
import { Picture } from '../../../components/ui/picture'
import type { ProductCard as Card } from '../queries.server'
import { BIKE_KINDS } from '../../../domain/catalogue/product-kind'
import { CardCompare } from './card-compare'
import { WriteOffBadge } from '../../used-bikes/components/used-bike-trust'
import { MotorVehicleBadge } from '../../used-bikes/components/ebike-law'
import { soldAsMotorVehicle } from '../../../domain/vehicles/eapc'
import { numberText } from '../../../lib/text/number-text'

/**
 * `monthlyPence`: the bike's "from £X a month", shown only where the page also shows a representative example;
 * `exampleHref` is where that example is, one tap from the figure and in the same type (CONC 3.5.5R; ADR 076).
 * `compare`: a bike's card gets the compare control (a listing, which also shows the link to the comparison).
 */
export function ProductCard({ product, priority = false, monthlyPence = null, exampleHref = null, compare = false }: { product: Card; priority?: boolean; monthlyPence?: number | null; exampleHref?: string | null; compare?: boolean }) {
  const facts: string[] = []
  if (product.condition === 'used') {
    if (product.registrationYear) facts.push(String(product.registrationYear))
    if (product.mileage !== null) facts.push(`${numberText(product.mileage)} miles`)
  }
  return (
    <article className="product-card">
      <a href={paths.product(product.slug)} className="product-card__link">
        <Picture media={product.image} sizes="(min-width: 1100px) 260px, (min-width: 640px) 45vw, 90vw" className="product-card__image" priority={priority} alt="" />
        <h3 className="product-card__name">{product.name}</h3>
      </a>
      <p className="product-card__meta">
        {product.brandName && <span>{product.brandName}</span>}
        <span className={`badge badge--${product.condition}`}>{product.condition === 'used' ? 'Used' : 'New'}</span>
        {product.writeOffCategory && <WriteOffBadge category={product.writeOffCategory} />}
        {soldAsMotorVehicle(product) && <MotorVehicleBadge />}
        {facts.length > 0 && <span>{facts.join(' · ')}</span>}
      </p>
      <p className="product-card__price">
        {product.pricePence === null ? (
          'Price on application'
        ) : (
          <>
            {product.productType === 'variable' && <span className="product-card__from">From </span>}
            {formatPence(product.pricePence)}
            {product.compareAtPricePence !== null && (
              <s className="product-card__was"> {formatPence(product.compareAtPricePence)}</s>
            )}
          </>
        )}
      </p>
      {monthlyPence !== null && exampleHref !== null && (
        <p className="product-card__monthly">
          from {formatPence(monthlyPence)} a month{' '}
          <a href={exampleHref} className="product-card__example-link">
            Representative example<span className="visually-hidden"> for the monthly figures on this page</span>
          </a>
        </p>
      )}
      {compare && BIKE_KINDS.includes(product.kind) && (
        <div className="product-card__compare">
          <CardCompare slug={product.slug} name={product.name} />
        </div>
      )}
    </article>
  )
}
