'use client'
// The part of the product page that follows the chosen variant: pictures, price, stock, sku, the size and
// colour choice and the add-to-basket control. Everything else on the page is rendered on the server.
import { useState, type ReactNode } from 'react'
import { Picture } from '../../../components/ui/picture'
import { combinationState, findVariant, variantAxes, type CombinationState } from '../../../domain/catalogue/variant-matrix'
import { stockStatus } from '../../../domain/catalogue/stock-status'
import { formatPence } from '../../../domain/money'
import { priceVatNote, wasPricePence } from '../../../domain/catalogue/product-price'
import type { ProductSnapshot } from '../../../domain/basket/basket'
import type { PurchaseOption } from '../product-view'
import { AddToBasket } from './add-to-basket'

interface Props {
  readonly productId: number
  readonly name: string
  readonly slug: string
  readonly vatRatePercent: number
  readonly compareAtPricePence: number | null
  /** The highest headline on the product's price record (ADR 075). */
  readonly highestOfferedPence: number | null
  readonly options: readonly PurchaseOption[]
  readonly defaultIndex: number
  readonly phone: string | null
  /** h1, brand and summary, rendered on the server */
  readonly heading: ReactNode
  /** What the headline price includes ("Includes £250 on-the-road charges: …"), shown beneath it (ADR 023). */
  readonly includedCharges: string | null
  /** finance estimate, after the control */
  readonly finance: ReactNode
  /** brand and kind, for the add_to_cart analytics event */
  readonly brandName?: string | null
  readonly kind?: string | null
}

const STATE_WORDS: Record<Exclude<CombinationState, 'in-stock'>, string> = { 'out-of-stock': 'out of stock', unavailable: 'not available' }

/** One axis of the variant choice: a radio for each size or colour, saying when that combination cannot be bought. */
function Choices(props: {
  legend: string
  name: string
  values: readonly string[]
  current: string | null
  onChoose: (value: string) => void
  stateOf: (value: string) => CombinationState
  /** The other axis's choice, for the words read out after an unavailable one (" in Red"). */
  withOther: string
}) {
  const { legend, name, values, current, onChoose, stateOf, withOther } = props
  return (
    <fieldset className="pdp-choices">
      <legend>
        {legend}
        {current ? <span className="pdp-choices__current">: {current}</span> : null}
      </legend>
      {values.map((value) => {
        const state = stateOf(value)
        return (
          <label key={value} className={`pdp-choice pdp-choice--${state}`}>
            <input type="radio" name={name} value={value} checked={current === value} onChange={() => onChoose(value)} />
            <span>{value}</span>
            {state !== 'in-stock' && <span className="visually-hidden"> – {STATE_WORDS[state]}{withOther}</span>}
          </label>
        )
      })}
    </fieldset>
  )
}

export function ProductPurchase({ productId, name, slug, vatRatePercent, compareAtPricePence, highestOfferedPence, options, defaultIndex, phone, heading, includedCharges, finance, brandName = null, kind = null }: Props) {
  const initial = options[defaultIndex] ?? options[0]
  const [size, setSize] = useState<string | null>(initial?.size ?? null)
  const [colour, setColour] = useState<string | null>(initial?.colour ?? null)
  const axes = variantAxes(options)
  const isVariable = options.length > 1 || axes.sizes.length > 0 || axes.colours.length > 0
  const chosen = isVariable ? findVariant(options, size, colour) : initial
  const images = chosen?.images.length ? chosen.images : (initial?.images ?? [])
  const [main, ...rest] = images
  const stock = stockStatus(chosen?.stockQuantity)
  const price = chosen?.pricePence ?? null
  const was = wasPricePence(compareAtPricePence, price, highestOfferedPence)
  const choiceName = [size, colour].filter(Boolean).join(' / ')

  const snapshot: ProductSnapshot | null =
    chosen && price !== null
      ? {
          productId,
          ...(chosen.variantId !== null ? { variantId: chosen.variantId } : {}),
          name: isVariable && choiceName ? `${name} – ${choiceName}` : name,
          sku: chosen.sku ?? String(chosen.variantId ?? productId),
          pricePence: price,
          vatRatePercent,
          stockQuantity: chosen.stockQuantity,
          slug,
          ...(main?.url ? { image: { url: main.url, alt: main.alt } } : {}),
        }
      : null

  return (
    <div className="pdp-top">
      <div className="pdp-gallery">
        <Picture key={main?.id ?? 'none'} media={main} sizes="(min-width: 900px) 580px, 100vw" className="pdp-gallery__main" priority />
        {rest.length > 0 && (
          <ul className="pdp-gallery__more" aria-label="More pictures">
            {rest.map((m) => (
              <li key={m.id}>
                <Picture media={m} sizes="(min-width: 900px) 180px, 30vw" className="pdp-gallery__thumb" />
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="pdp-summary">
        {heading}

        <div className="pdp-offer" aria-live="polite" aria-atomic="true">
          {chosen === undefined ? (
            <p className="pdp-stock pdp-stock--out-of-stock">{choiceName} is not available. Please choose another size or colour.</p>
          ) : price === null ? (
            // No price to show: the price-on-application notice below says what to do instead.
            <p className={`pdp-stock pdp-stock--${stock.level}`}>{stock.label}</p>
          ) : (
            <>
              <p className="pdp-price">
                <span className="pdp-price__now">{formatPence(price)}</span>
                {chosen.price?.vatTreatment !== 'margin' && <> <span className="pdp-price__vat">inc. VAT</span></>}
                {was !== null && (
                  <span className="pdp-price__was">
                    {' '}
                    <span className="visually-hidden">was </span>
                    <s>{formatPence(was)}</s>
                  </span>
                )}
              </p>
              {includedCharges && (
                <p className="pdp-price__includes" data-testid="price-includes">
                  {includedCharges}
                </p>
              )}
              {chosen.price && (
                <p className="pdp-price__includes" data-testid="price-vat">
                  {priceVatNote(chosen.price)}
                </p>
              )}
              <p className={`pdp-stock pdp-stock--${stock.level}`}>
                {isVariable && choiceName && <span className="visually-hidden">{choiceName}: </span>}
                {stock.label}
              </p>
            </>
          )}
          {chosen?.sku && (
            <p className="pdp-sku">
              SKU <span data-testid="sku">{chosen.sku}</span>
            </p>
          )}
        </div>

        {axes.sizes.length > 0 && (
          <Choices legend="Size" name="size" values={axes.sizes} current={size} onChoose={setSize} stateOf={(s) => combinationState(options, s, colour)} withOther={colour ? ` in ${colour}` : ''} />
        )}
        {axes.colours.length > 0 && (
          <Choices legend="Colour" name="colour" values={axes.colours} current={colour} onChoose={setColour} stateOf={(c) => combinationState(options, size, c)} withOther={size ? ` in size ${size}` : ''} />
        )}

        {chosen !== undefined && price === null ? (
          <p className="pdp-poa">
            Price on application – contact us
            {phone && (
              <>
                {' '}
                on <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
              </>
            )}
          </p>
        ) : (
          <AddToBasket snapshot={snapshot} brand={brandName} category={kind} />
        )}

        {finance}
      </div>
    </div>
  )
}
