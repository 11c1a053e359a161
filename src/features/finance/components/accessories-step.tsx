'use client'
// Step 2 (/finance-checkout-accessories): the bike's accessories from GET /api/v1/related-products (spec §7 call 4);
// each one chosen is financed as a value-added product and the quote is asked for again. A reserved bike is financed
// on its own online (the server refuses accessories with a reservation), so for it the step only says why.
import { useEffect, useRef, useState } from 'react'
import { RepresentativeExample, type FinanceDisclosures } from '../../../components/ui/representative-example'
import type { FinanceProductSnapshot } from '../state/finance-state'
import { formatPence } from '../../../domain/money'
import type { RelatedProduct } from '../api/related-products'
import { getRelatedProducts } from '../api/get-related-products'
import { reservationFor } from '../finance-reservation'
import type { FinanceProduct } from '../queries.server'
import { asOfferedQuote, fetchQuotes, isTransientFailure, toStoredQuote, type OfferedQuote } from '../quote-types'
import type { OfferedAlternative } from '../quote-alternatives'
import { RefusalChoices } from './refusal-choices'
import { financeStepHref, FinanceSteps } from './finance-steps'
import { ReservationDeposit } from './reservation-deposit'
import { Loading, NoQuoteYet, SoldOut } from './step-guard'
import { useFinanceState } from './use-finance-state'

interface Props {
  readonly product: FinanceProduct
  readonly disclosures: FinanceDisclosures
}

export function AccessoriesStep({ product, disclosures }: Props) {
  const { state, dispatch, ready, reservation: storedReservation } = useFinanceState()
  const reservation = reservationFor(storedReservation, product.productId)
  const [related, setRelated] = useState<RelatedProduct[]>([])
  const [variantChoice, setVariantChoice] = useState<Record<number, number>>({})
  const [quoteMessage, setQuoteMessage] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  // A refusal by the lender (not a failure to reach it): what would work instead, and which accessory was the change.
  const [refusal, setRefusal] = useState<{ alternatives: readonly OfferedAlternative<OfferedQuote>[]; withoutChangeLabel: string } | null>(null)
  const [switching, setSwitching] = useState(false)
  const [retryable, setRetryable] = useState(true)
  // The accessories and terms of the last quote the lender gave: "the quote without the change" goes back to them.
  const lastQuoted = useRef<{ accessories: { productId: number; variantId: number | null }[] } | null>(null)
  const lastAdded = useRef<string | null>(null)
  const quote = asOfferedQuote(state.quote)
  const withAccessories = asOfferedQuote(state.quoteWithAccessories)
  const soldOut = !product.inStock && reservation === null
  const valid = ready && !soldOut && state.product?.productId === product.productId && quote !== null
  const chosenKeys = Object.keys(state.accessories)
  const accessoriesKey = chosenKeys.map((k) => `${k}:${state.accessories[k]?.variantId ?? ''}`).sort().join(',')

  // Accessories fetch (spec §4): requesting, then success or failure (logged, spec §8).
  useEffect(() => {
    if (!valid || reservation) return
    if (product.relatedIds.length === 0) {
      dispatch({ type: 'accessoriesReceived', accessories: [] })
      return
    }
    let cancelled = false
    dispatch({ type: 'accessoriesRequested' })
    ;(async () => {
      try {
        const answer = await getRelatedProducts(product.relatedIds)
        if (!answer.ok) throw new Error(`related products answered ${answer.status}`)
        const body = answer.body
        if (cancelled) return
        const usable = body.products.filter((p) => p.pricePence !== null && (p.nodeType === 'SimpleProduct' ? p.stockQuantity > 0 : p.variants.some((v) => v.stockQuantity > 0)))
        setRelated(usable)
        const snapshots: FinanceProductSnapshot[] = usable.map((p) => ({ productId: p.id, slug: p.slug, name: p.name, pricePence: p.pricePence ?? 0 }))
        dispatch({ type: 'accessoriesReceived', accessories: snapshots })
      } catch (error) {
        if (cancelled) return
        console.warn('finance accessories fetch failed', error)
        dispatch({ type: 'accessoriesFailed' })
      }
    })()
    return () => {
      cancelled = true
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valid, reservation === null, attempt])

  // Quote with accessories (spec §4): requested whenever the chosen accessories change, from the same lender and product.
  useEffect(() => {
    if (!valid || reservation || !quote || chosenKeys.length === 0 || state.quoteWithAccessories || state.isQuoteWithAccessoriesError) return
    const controller = new AbortController()
    dispatch({ type: 'quoteWithAccessoriesRequested' })
    const accessories = chosenAccessories()
    const previous = lastQuoted.current?.accessories ?? []
    ;(async () => {
      try {
        const result = await fetchQuotes(
          {
            productId: product.productId,
            termMonths: state.queryTermInMonths,
            depositPence: state.queryCashDeposit,
            annualDistance: state.queryAnnualDistance,
            accessories,
            // The part-exchange the chosen quote carries is applied to the quote with accessories too.
            ...(quote.partExchange ? { valuationId: quote.partExchange.valuationId } : {}),
            alternativesFor: {
              funderCode: quote.funderCode,
              facilityType: quote.facilityType,
              previous: { termMonths: state.queryTermInMonths, depositPence: state.queryCashDeposit, annualDistance: state.queryAnnualDistance, accessories: previous },
            },
          },
          controller.signal,
        )
        if (!result.ok) {
          setQuoteMessage(result.message)
          setRefusal(null)
          setRetryable(isTransientFailure(result.status))
          dispatch({ type: 'quoteWithAccessoriesFailed' })
          return
        }
        const same = result.answer.quotes.find((q) => q.funderCode === quote.funderCode && q.facilityType === quote.facilityType)
        if (!same) {
          const reasons = result.answer.refusals.filter((r) => r.facilityType === quote.facilityType).flatMap((r) => r.messages)
          setQuoteMessage(`${quote.lenderName} cannot add these accessories to your ${quote.facilityType} agreement${reasons[0] ? `: ${reasons[0]}` : '.'}`)
          const added = lastAdded.current
          const withoutChangeLabel = added && previous.length + 1 === accessories.length ? `Remove the ${added}` : previous.length === 0 ? 'Remove the accessories' : 'Go back to the accessories quoted before'
          setRefusal({ alternatives: result.answer.alternatives, withoutChangeLabel })
          dispatch({ type: 'quoteWithAccessoriesFailed' })
          return
        }
        lastQuoted.current = { accessories }
        dispatch({ type: 'quoteWithAccessoriesReceived', quote: toStoredQuote(same) })
      } catch {
        /* aborted: a newer choice replaced this request */
      }
    })()
    return () => controller.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valid, reservation === null, accessoriesKey, state.quoteWithAccessories === null, state.isQuoteWithAccessoriesError])

  function chosenAccessories(): { productId: number; variantId: number | null }[] {
    return Object.values(state.accessories).map((a) => ({ productId: Number(a.product.productId), variantId: a.variantId === null ? null : Number(a.variantId) }))
  }

  /** One click on an alternative: a new request that differs from the refused one, never the same one again. */
  async function chooseAlternative(alternative: OfferedAlternative<OfferedQuote>) {
    if (alternative.kind === 'deposit') {
      dispatch({ type: 'cashDepositSet', cashDepositPence: alternative.depositPence })
      return
    }
    if (alternative.kind === 'without-change') {
      // Back to the accessories last quoted: the one added taken off, a size or colour changed put back.
      const before = new Map((lastQuoted.current?.accessories ?? []).map((a) => [String(a.productId), a.variantId]))
      for (const [key, chosen] of Object.entries(state.accessories)) {
        if (!before.has(key)) dispatch({ type: 'accessoryRemoved', productId: Number(key) })
        else if ((before.get(key) ?? null) !== (chosen.variantId === null ? null : Number(chosen.variantId))) dispatch({ type: 'accessoryAdded', product: chosen.product, variantId: before.get(key) ?? null })
      }
      return
    }
    // Another lender: its quote with these accessories, as given. Its quote without them, when it gives one, becomes
    // the one the accessories are added to from now on, so later changes are asked of the new lender.
    setSwitching(true)
    const base = await fetchQuotes({
      productId: product.productId,
      termMonths: state.queryTermInMonths,
      depositPence: state.queryCashDeposit,
      annualDistance: state.queryAnnualDistance,
      ...(quote?.partExchange ? { valuationId: quote.partExchange.valuationId } : {}),
    }).catch(() => null)
    setSwitching(false)
    const alone = base?.ok ? base.answer.quotes.find((q) => q.funderCode === alternative.funderCode && q.facilityType === alternative.facilityType) : undefined
    if (alone) dispatch({ type: 'quoteSet', quote: toStoredQuote(alone) })
    lastQuoted.current = { accessories: chosenAccessories() }
    setRefusal(null)
    dispatch({ type: 'quoteWithAccessoriesReceived', quote: toStoredQuote(alternative.quote) })
  }

  if (!ready) return <Loading />
  if (soldOut) return (<><FinanceSteps current="accessories" /><h1>Accessories</h1><SoldOut name={product.name} /></>)
  if (!valid || !quote) return (<><FinanceSteps current="accessories" reserved={reservation !== null} /><h1>Accessories</h1><NoQuoteYet slug={product.slug} name={product.name} /></>)
  if (reservation) {
    return (
      <>
        <FinanceSteps current="accessories" reserved />
        <h1>Accessories are added at the dealership</h1>
        <p className="fc-lede">
          Your reserved {product.name} is financed on its own online, so accessories cannot be added to this agreement here. Tell us what you would like when you come in: accessories can be added at the dealership, and we can include them in your finance then.
        </p>
        <ReservationDeposit reservation={reservation} />
        <section aria-labelledby="fc-current-title">
          <h2 id="fc-current-title">Your quote</h2>
          <RepresentativeExample example={quote.example} disclosures={disclosures} lenderName={quote.lenderName} headingLevel={3} />
        </section>
        <div className="fc-actions">
          <a className="button" href={financeStepHref('product', product.slug)}>
            Back
          </a>
          <a className="button button--solid" href={financeStepHref('data', product.slug)} data-testid="fc-continue">
            Continue to your details
          </a>
        </div>
      </>
    )
  }

  /** The size and colour shown for an accessory: the one chosen with its tick, else the last picked, else the first in stock. */
  function shownVariant(p: RelatedProduct): number | null {
    const stored = state.accessories[String(p.id)]?.variantId
    if (stored !== undefined && stored !== null) return Number(stored)
    return variantChoice[p.id] ?? p.variants.find((v) => v.stockQuantity > 0)?.id ?? null
  }

  function toggle(p: RelatedProduct, on: boolean, picked?: number) {
    if (!on) {
      dispatch({ type: 'accessoryRemoved', productId: p.id })
      return
    }
    const variantId = p.nodeType === 'VariableProduct' ? (picked ?? shownVariant(p)) : null
    const variant = p.variants.find((v) => v.id === variantId)
    lastAdded.current = p.name
    dispatch({ type: 'accessoryAdded', product: { productId: p.id, slug: p.slug, name: p.name, pricePence: variant?.pricePence ?? p.pricePence ?? 0 }, variantId })
  }

  const active = chosenKeys.length > 0 ? withAccessories : quote
  return (
    <>
      <FinanceSteps current="accessories" />
      <h1>Add accessories to your finance</h1>
      <p className="fc-lede">Anything you add is financed with the {product.name} in the same agreement; the quote below changes to include it.</p>

      <div className="fc-two">
        <section aria-labelledby="fc-acc-title">
          <h2 id="fc-acc-title">Goes well with your bike</h2>
          {state.isFetchingAccessories && <p className="fc-status">Loading accessories…</p>}
          {state.isAccessoriesError && (
            <div className="fc-alert" role="alert">
              <p>We could not load the accessories just now. You can try again, or carry on without them.</p>
              <button type="button" className="button button--solid" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            </div>
          )}
          {!state.isFetchingAccessories && !state.isAccessoriesError && related.length === 0 && <p>There are no accessories to add for this bike.</p>}
          <ul className="fc-accessories">
            {related.map((p) => {
              const chosen = String(p.id) in state.accessories
              return (
                <li key={p.id} className="fc-accessory">
                  {p.image && (
                    <img src={p.image.url} alt="" width={96} height={72} className="fc-accessory__image" />
                  )}
                  <div className="fc-accessory__body">
                    <label className="fc-check">
                      <input type="checkbox" checked={chosen} onChange={(e) => toggle(p, e.target.checked)} data-testid={`accessory-${p.slug}`} />
                      <span>
                        {p.name} <strong>{p.price}</strong>
                      </span>
                    </label>
                    {p.nodeType === 'VariableProduct' && (
                      <div className="fc-field">
                        <label htmlFor={`fc-variant-${p.id}`}>Size and colour</label>
                        <select
                          id={`fc-variant-${p.id}`}
                          value={shownVariant(p) ?? ''}
                          onChange={(e) => {
                            const picked = Number(e.target.value)
                            setVariantChoice({ ...variantChoice, [p.id]: picked })
                            // A ticked accessory stays ticked in its new size or colour (the quote is asked for again).
                            if (chosen) toggle(p, true, picked)
                          }}
                        >
                          {p.variants.map((v) => (
                            <option key={v.id} value={v.id} disabled={v.stockQuantity <= 0}>
                              {[v.size, v.colour].filter(Boolean).join(' / ')}
                              {v.pricePence !== null ? ` – ${formatPence(v.pricePence)}` : ''}
                              {v.stockQuantity <= 0 ? ' (out of stock)' : ''}
                            </option>
                          ))}
                        </select>
                      </div>
                    )}
                  </div>
                </li>
              )
            })}
          </ul>
        </section>

        <section aria-labelledby="fc-current-title" aria-live="polite">
          <h2 id="fc-current-title">Your quote{chosenKeys.length > 0 ? ' with accessories' : ''}</h2>
          {state.isFetchingQuoteWithAccessories && <p className="fc-status">Updating your quote…</p>}
          {state.isQuoteWithAccessoriesError && refusal && (
            <RefusalChoices
              message={quoteMessage ?? 'Your lender cannot add these accessories.'}
              alternatives={refusal.alternatives}
              withoutChangeLabel={refusal.withoutChangeLabel}
              busy={switching}
              onChoose={(alternative) => void chooseAlternative(alternative)}
            />
          )}
          {state.isQuoteWithAccessoriesError && !refusal && (
            <div className="fc-alert" role="alert">
              <p>{quoteMessage ?? 'We could not update your quote with these accessories.'} {retryable ? 'Remove an accessory, or try again.' : 'Remove an accessory to carry on, or call us.'}</p>
              {/* Only when the service could not be reached: asked again unchanged, a refusal would only be repeated. */}
              {retryable && (
                <button type="button" className="button button--solid" onClick={() => dispatch({ type: 'quoteWithAccessoriesRequested' }) /* clears the failure; the effect asks again */}>
                  Try again
                </button>
              )}
            </div>
          )}
          {active && <RepresentativeExample example={active.example} disclosures={disclosures} lenderName={active.lenderName} headingLevel={3} />}
        </section>
      </div>

      <div className="fc-actions">
        <a className="button" href={financeStepHref('product', product.slug)}>
          Back
        </a>
        {active && !state.isFetchingQuoteWithAccessories ? (
          <a className="button button--solid" href={financeStepHref('data', product.slug)} data-testid="fc-continue">
            Continue to your details
          </a>
        ) : (
          <p className="fc-hint">Your quote must be up to date before you continue.</p>
        )}
      </div>
    </>
  )
}
