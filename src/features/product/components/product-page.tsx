// The product page (spec §2 simple and variable product): server-rendered facts around the small client
// component that follows the chosen variant.
import { Picture } from '../../../components/ui/picture'
import { paths } from '../../../config/paths'
import { formatPence } from '../../../domain/money'
import { holdHours, reservationDeposit, reservationTerms } from '../../../domain/reservations/reservation-rules'
import { Breadcrumbs } from '../../../components/ui/breadcrumbs'
import { absoluteUrl, productJsonLd, serialiseJsonLd } from '../json-ld'
import type { DealerSettings } from '../queries.server'
import type { ProductView } from '../product-view'
import { ProductPurchase } from './product-purchase'
import { AnalyticsEvent } from '../../../components/analytics/analytics-event'
import { viewItemEvent } from '../../../domain/analytics/ga4-ecommerce'
import { CompareToggle } from './compare-toggle'
import { BIKE_KINDS } from '../../../domain/catalogue/product-kind'
import { RichText } from '../../../components/ui/rich-text'
import { RepresentativeExample, type FinanceDisclosures } from '../../../components/ui/representative-example'
import { FinanceBrokerNotice } from '../../../components/ui/finance-broker-notice'
import type { RepresentativeExample as Example } from '../../../domain/finance/representative-example'
import { estimateContaining } from '../../../domain/finance/product-monthly-estimate'
import { payLaterVerdict } from '../../../domain/payments/pay-later'
import { PayIn3Short } from '../../payments/components/pay-in-3-terms'
import { UsedBikeTrust, WriteOffBadge } from '../../used-bikes/components/used-bike-trust'
import { EbikeLaw } from '../../used-bikes/components/ebike-law'
import { numberText } from '../../../lib/text/number-text'
import '../product.css'

interface Props {
  readonly product: ProductView
  readonly settings: DealerSettings
  readonly siteUrl: string
  /** A real quote at the finance step's opening terms, shown as the representative example. */
  readonly financeExample?: { readonly example: Example; readonly lenderName: string | null } | null
  readonly disclosures: FinanceDisclosures
  /** The account's "Save this bike" control, passed in by the page (another feature's island). */
  readonly saveButton?: React.ReactNode
  /** "Ask about this bike": the enquiry form that opens the customer's deal (features/deals). */
  readonly askButton?: React.ReactNode
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

export function ProductPage({ product, settings, siteUrl, financeExample = null, disclosures, saveButton = null, askButton = null }: Props) {
  const opening = product.options[product.defaultIndex]
  const inStock = product.options.some((o) => o.stockQuantity > 0)
  const jsonLd = [
    productJsonLd({
      url: absoluteUrl(siteUrl, paths.product(product.slug)),
      name: product.name,
      description: product.metaDescription ?? product.shortDescription,
      sku: opening?.sku ?? null,
      brandName: product.brandName,
      imageUrls: (opening?.images ?? []).flatMap((m) => (m.url ? [absoluteUrl(siteUrl, m.url)] : [])),
      pricePence: opening?.pricePence ?? null,
      inStock: product.productType === 'variable' ? inStock : (opening?.stockQuantity ?? 0) > 0,
      condition: product.condition,
    }),
  ]

  const heading = (
    <div className="pdp-heading">
      <p className="pdp-eyebrow">
        {product.brandName && <span>{product.brandName}</span>}
        <span className={`badge badge--${product.condition}`}>{product.condition === 'used' ? 'Used' : 'New'}</span>
        {product.trust?.writeOff && <WriteOffBadge category={product.trust.writeOff} />}
      </p>
      <h1>{product.name}</h1>
      {product.shortDescription && <p className="pdp-lede">{product.shortDescription}</p>}
    </div>
  )

  // A monthly figure appears only together with the representative example (FCA CONC 3.5.5R), which carries the
  // estimate inside it in the same type; without a lender's example the page offers a quote but names no monthly sum.
  // The estimate never contradicts the real quote printed under it.
  const estimate = product.finance && financeExample ? estimateContaining(product.finance.estimate, financeExample.example.regularPaymentPence) : null
  const finance = product.finance ? (
    <section className="pdp-finance" aria-labelledby="pdp-finance-title">
      <h2 id="pdp-finance-title">Pay monthly</h2>
      {financeExample ? (
        <RepresentativeExample
          example={financeExample.example}
          lenderName={financeExample.lenderName}
          disclosures={disclosures}
          headingLevel={3}
          lead={
            <p className="rep-example__lead">
              Estimated £{numberText(estimate!.lowerPounds)}–£{numberText(estimate!.upperPounds)} a month over {product.finance.termMonths} months with a{' '}
              {formatPence(product.finance.depositPence)} deposit on {formatPence(product.finance.financePricePence)}
              {product.extraFee ? ' (the price including on-the-road charges)' : ''}, subject to status. An estimate, not a quote: the example below is a real quote from our panel.
            </p>
          }
        />
      ) : (
        <>
          <p className="pdp-finance__key">Hire purchase and PCP available on this bike, subject to status. Get a personal quote from our panel of lenders.</p>
          {/* No example to carry the disclosures: the broker status and commission are stated on their own. */}
          <FinanceBrokerNotice disclosures={disclosures} headingLevel={3} />
        </>
      )}
      <p className="pdp-finance__actions">
        <a className="pdp-finance__link" href={paths.financeCheckoutProduct(product.slug)} data-testid="buy-on-finance">
          Buy on finance<span className="visually-hidden">: {product.name}</span>
        </a>
      </p>
    </section>
  ) : null

  // Reserving: bikes with a price and stock, for the settings' or the bike's own deposit.
  const deposit =
    product.productType === 'simple'
      ? reservationDeposit({
          kind: product.kind,
          pricePence: opening?.pricePence,
          stockQuantity: opening?.stockQuantity,
          enabled: settings.reservations.enabled,
          settingsDepositPence: settings.reservations.depositPence,
          productDepositPence: product.reservationDepositPence,
        })
      : null
  const reserve = deposit?.ok ? (
    <section className="pdp-reserve" aria-labelledby="pdp-reserve-title">
      <h2 id="pdp-reserve-title">Can’t come in straight away? Reserve it</h2>
      <ul className="pdp-reserve__terms">
        {reservationTerms(formatPence(deposit.depositPence), holdHours(settings.reservations.holdHours)).map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <p className="pdp-finance__actions">
        <a className="pdp-reserve__link" href={paths.reserve(product.slug)} data-testid="reserve">
          Reserve for {formatPence(deposit.depositPence)}<span className="visually-hidden">: {product.name}</span>
        </a>
      </p>
    </section>
  ) : null

  return (
    <article className="container pdp">
      {jsonLd.map((ld, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serialiseJsonLd(ld) }} />
      ))}
<Breadcrumbs trail={product.breadcrumbs.map((c) => ({ name: c.name, href: c.path }))} />

      {opening?.pricePence != null && (
        <AnalyticsEvent event={viewItemEvent({ sku: opening.sku, slug: product.slug, name: product.name, brand: product.brandName, category: product.kind, unitPricePence: opening.pricePence })} />
      )}
      <ProductPurchase
        productId={product.id}
        name={product.name}
        slug={product.slug}
        vatRatePercent={product.vatRatePercent}
        compareAtPricePence={product.compareAtPricePence}
        highestOfferedPence={product.highestOfferedPence}
        options={product.options}
        defaultIndex={product.defaultIndex}
        phone={settings.phone}
        heading={heading}
        includedCharges={product.includedCharges}
        brandName={product.brandName}
        kind={product.kind}
        finance={
          <>
            {reserve}
            {finance}
            {settings.payLater && opening?.pricePence != null && product.kind && <PayIn3Short verdict={payLaterVerdict([{ name: product.name, kind: product.kind }], opening.pricePence, settings.payLater)} />}
          </>
        }
      />

      {product.kind && BIKE_KINDS.includes(product.kind) && (
        <div className="pdp-keep">
          {saveButton}
          <CompareToggle slug={product.slug} name={product.name} />
          <p>
            <a href={paths.valueMyBike()} data-testid="value-my-bike">Value my bike</a> to part-exchange it against this one
          </p>
        </div>
      )}

      {product.testRide && (
        <section className="pdp-section pdp-test-ride" aria-labelledby="pdp-test-ride-title">
          <h2 id="pdp-test-ride-title">Try it first</h2>
          <p>Our demo {product.name} is available for test rides from the shop. Bring your licence on the day.</p>
          <a className="button button--solid" href={paths.testRide(product.slug)}>Book a test ride<span className="visually-hidden">: {product.name}</span></a>
        </section>
      )}

      {product.kind && BIKE_KINDS.includes(product.kind) && askButton}

      <div className="pdp-details">
        <div className="pdp-details__main">
          {product.used && (
            <section className="pdp-section" aria-labelledby="pdp-used-title">
              <h2 id="pdp-used-title">About this used bike</h2>
              <dl className="pdp-facts">
                {product.used.mileage !== null && (
                  <div>
                    <dt>Mileage</dt>
                    <dd>{numberText(product.used.mileage)} miles</dd>
                  </div>
                )}
                {product.used.keepers !== null && (
                  <div>
                    <dt>Previous keepers</dt>
                    <dd>{product.used.keepers}</dd>
                  </div>
                )}
                {product.used.serviceHistory && (
                  <div>
                    <dt>Service history</dt>
                    <dd>{product.used.serviceHistory}</dd>
                  </div>
                )}
                {product.used.registrationDate && (
                  <div>
                    <dt>First registered</dt>
                    <dd>
                      <time dateTime={product.used.registrationDate.slice(0, 10)}>{dateFormat.format(new Date(product.used.registrationDate))}</time>
                    </dd>
                  </div>
                )}
                {product.used.registrationYear !== null && (
                  <div>
                    <dt>Registration year</dt>
                    <dd>{product.used.registrationYear}</dd>
                  </div>
                )}
              </dl>
            </section>
          )}

          {product.trust && <UsedBikeTrust trust={product.trust} />}
          {product.ebikeLaw && <EbikeLaw law={product.ebikeLaw} />}

          {product.description && (
            <section className="pdp-section pdp-description" aria-labelledby="pdp-description-title">
              <h2 id="pdp-description-title">Description</h2>
              <RichText data={product.description} />
            </section>
          )}
        </div>

        {product.specRows.length > 0 && (
          <section className="pdp-section" aria-labelledby="pdp-spec-title">
            <h2 id="pdp-spec-title">Specification</h2>
            <table className="pdp-spec">
              <tbody>
                {product.specRows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.label}</th>
                    <td>{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>

      {product.related.length > 0 && (
        <section className="pdp-section" aria-labelledby="pdp-related-title">
          <h2 id="pdp-related-title">Goes well with</h2>
          <ul className="pdp-related">
            {product.related.map((r) => (
              <li key={r.id} className="pdp-related__card">
                <Picture media={r.image} sizes="160px" className="pdp-related__image" alt="" />
                <h3 className="pdp-related__name">
                  <a href={paths.product(r.slug)}>{r.name}</a>
                </h3>
                <p className="pdp-related__price">
                  {r.pricePence === null ? 'Price on application' : `${r.fromPrice ? 'From ' : ''}${formatPence(r.pricePence)}`}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  )
}
