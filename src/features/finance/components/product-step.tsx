'use client'
// Step 1 (/finance-checkout-product): term, deposit and annual mileage with live quotes, HP and PCP side by side.
// From a reservation's link (?reservation=token) the token is kept and sent with every quote: the reservation
// deposit is part of the deposit (never less), with the figures the server answers.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { RepresentativeExample, type FinanceDisclosures } from '../../../components/ui/representative-example'
import { formatPence } from '../../../domain/money'
import { depositField } from '../../../domain/finance/deposit-field'
import type { FinanceProduct } from '../queries.server'
import { looksLikeReservationToken, reservationFor, type FinanceReservation } from '../finance-reservation'
import { asOfferedQuote, fetchQuotes, isReservationRefusal, isTransientFailure, toStoredQuote, type OfferedQuote, type QuotesAnswer } from '../quote-types'
import { financeStepHref, FinanceSteps } from './finance-steps'
import { ReservationDeposit, ReservationProblem } from './reservation-deposit'
import { SoldOut } from './step-guard'
import { useFinanceState } from './use-finance-state'
import { PartExchangeValuation, QuotePartExchange } from './part-exchange'
import { keepPartExchange, partExchangeSnapshot, serverPartExchangeSnapshot, subscribePartExchange } from '../part-exchange-client'
import type { OfferedAlternative } from '../quote-alternatives'
import { RefusalChoices } from './refusal-choices'
import { numberText } from '../../../lib/text/number-text'

type Terms = { readonly termMonths: number; readonly depositPence: number; readonly annualDistance: number }

const TERMS = [12, 24, 36, 48, 60]
const MILEAGES = [3000, 4000, 5000, 6000, 8000, 10000]
const FACILITIES = [
  { type: 'HP', title: 'Hire purchase (HP)', blurb: 'Fixed monthly payments; the bike is yours after the last one.' },
  { type: 'PCP', title: 'Personal contract purchase (PCP)', blurb: 'Lower monthly payments, then pay the optional final payment to keep the bike, or hand it back.' },
] as const

type QuotesView = { status: 'loading' } | { status: 'ok'; answer: QuotesAnswer } | { status: 'error'; message: string; reservationRefused: boolean; retryable: boolean }

interface Props {
  readonly product: FinanceProduct
  readonly disclosures: FinanceDisclosures
  /** From a reservation's link; checked by the server, never trusted here. */
  readonly reservationToken?: string | null
}

export function ProductStep({ product, disclosures, reservationToken = null }: Props) {
  const { state, dispatch, ready, reservation: storedReservation, setReservation } = useFinanceState()
  const reservation = reservationFor(storedReservation, product.productId)
  const reservationRef = useRef<FinanceReservation | null>(reservation)
  useEffect(() => {
    reservationRef.current = reservation
  })
  const linkToken = reservationToken !== null && looksLikeReservationToken(reservationToken) ? reservationToken : null
  // After "Get a quote without the reservation" the link's token is not taken again.
  const [withoutLink, setWithoutLink] = useState(false)
  const waitingForLink = linkToken !== null && !withoutLink && reservation?.token !== linkToken
  const [view, setView] = useState<QuotesView>({ status: 'loading' })
  // What the customer is typing; null shows the deposit the state holds.
  const [depositDraft, setDepositDraft] = useState<string | null>(null)
  const [retry, setRetry] = useState(0)
  // "Value my bike": kept in this tab's storage; the server's render has none, so both first renders agree.
  const partExchange = useSyncExternalStore(subscribePartExchange, partExchangeSnapshot, serverPartExchangeSnapshot)
  const valuationId = partExchange?.applied ? partExchange.valuation.valuationId : null
  const chosen = asOfferedQuote(state.quote)
  const chosenRef = useRef(chosen)
  useEffect(() => {
    chosenRef.current = chosen
  })
  // The quote the customer had chosen when its lender refused their change, and the terms it was last given on: the
  // alternatives are asked for that lender, and "keep" goes back to those terms.
  const refusedRef = useRef<OfferedQuote | null>(null)
  const lastQuotedTerms = useRef<Terms | null>(null)
  const [refusal, setRefusal] = useState<{ message: string; alternatives: readonly OfferedAlternative<OfferedQuote>[]; withoutChangeLabel: string } | null>(null)
  const isThisProduct = state.product?.productId === product.productId
  // A sold bike is offered on finance only to the customer holding its reservation; anyone else is told at once.
  const soldOut = !product.inStock && reservation === null && linkToken === null

  // Setting the product (spec §4) when the customer arrives from another bike's page or for the first time.
  useEffect(() => {
    if (!ready || isThisProduct) return
    dispatch({
      type: 'productSet',
      product: { productId: product.productId, slug: product.slug, name: product.name, pricePence: product.pricePence, extraFeePence: product.extraFeePence },
      terms: { termInMonths: product.terms.termMonths, annualDistance: product.terms.annualDistance, cashDepositPence: product.terms.depositPence },
    })
  }, [ready, isThisProduct, dispatch, product])

  // Keeping the link's token (after the product is set, which drops a reservation of another bike), then taking it
  // out of the address bar: it is kept in this browser's storage, and a copied address should not carry it.
  useEffect(() => {
    if (!ready || !linkToken || withoutLink) return
    if (storedReservation?.token !== linkToken || storedReservation.productId !== product.productId) setReservation({ token: linkToken, productId: product.productId, figures: null })
    else window.history.replaceState(null, '', financeStepHref('product', product.slug))
  }, [ready, linkToken, withoutLink, storedReservation, product.productId, product.slug, setReservation])

  const terms = { termMonths: state.queryTermInMonths, depositPence: state.queryCashDeposit, annualDistance: state.queryAnnualDistance }
  const reservationKey = reservation?.token ?? null
  useEffect(() => {
    if (!ready || !isThisProduct || waitingForLink || soldOut) return
    const controller = new AbortController()
    const timer = window.setTimeout(async () => {
      setView({ status: 'loading' })
      try {
        const held = reservationRef.current
        const previous = chosenRef.current ?? refusedRef.current
        const before = lastQuotedTerms.current
        const alternativesFor = previous ? { funderCode: previous.funderCode, facilityType: previous.facilityType, previous: before ? { ...before, accessories: [] } : null } : null
        const result = await fetchQuotes({ productId: product.productId, ...terms, ...(held ? { reservationToken: held.token } : {}), ...(valuationId ? { valuationId } : {}), ...(alternativesFor ? { alternativesFor } : {}) }, controller.signal)
        if (!result.ok) {
          setView({ status: 'error', message: result.message, reservationRefused: held !== null && isReservationRefusal(result.status), retryable: isTransientFailure(result.status) })
          return
        }
        setView({ status: 'ok', answer: result.answer })
        if (held) {
          // The server's figures; a deposit asked below the reservation deposit was quoted at it, so the field follows.
          const figures = result.answer.reservation ?? null
          setReservation({ ...held, figures })
          if (figures && figures.depositPence !== terms.depositPence) {
            setDepositDraft(null)
            dispatch({ type: 'cashDepositSet', cashDepositPence: figures.depositPence })
          }
        }
        // Keep the customer's choice of lender and product across term changes: the new quote from the same one.
        const same = previous ? result.answer.quotes.find((q) => q.funderCode === previous.funderCode && q.facilityType === previous.facilityType) : undefined
        if (previous && !same) {
          // The lender refused the change: say so, and offer what would work instead (never the same request again).
          refusedRef.current = previous
          const reasons = result.answer.refusals.flatMap((r) => r.messages)
          const reason = reasons.find((m) => m.includes(previous.lenderName)) ?? reasons[0]
          const keep = before && before.termMonths !== terms.termMonths && before.depositPence === terms.depositPence && before.annualDistance === terms.annualDistance ? `Keep ${before.termMonths} months` : 'Go back to the terms you had'
          setRefusal({ message: `${previous.lenderName} cannot give your ${previous.facilityType} quote on these terms${reason ? `: ${reason}` : '.'}`, alternatives: result.answer.alternatives, withoutChangeLabel: keep })
        } else {
          refusedRef.current = null
          setRefusal(null)
          if (same) lastQuotedTerms.current = { termMonths: terms.termMonths, depositPence: terms.depositPence, annualDistance: terms.annualDistance }
        }
        dispatch({ type: 'quoteSet', quote: same ? toStoredQuote(same) : null })
      } catch {
        /* aborted by a newer change */
      }
    }, 300)
    return () => {
      controller.abort()
      window.clearTimeout(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, isThisProduct, waitingForLink, soldOut, reservationKey, product.productId, terms.termMonths, terms.depositPence, terms.annualDistance, valuationId, retry])

  const termOptions = useMemo(() => [...new Set([...TERMS, state.queryTermInMonths])].sort((a, b) => a - b), [state.queryTermInMonths])
  const mileageOptions = useMemo(() => [...new Set([...MILEAGES, state.queryAnnualDistance])].sort((a, b) => a - b), [state.queryAnnualDistance])

  // The reservation deposit is part of the deposit, so the field never goes below it (the server insists too).
  const minDepositPence = reservation?.figures?.depositPaidPence ?? 0
  const depositText = depositDraft ?? String(state.queryCashDeposit / 100)
  const depositLimits = { minDepositPence, financePricePence: product.financePricePence }
  function changeDeposit(text: string) {
    setDepositDraft(text)
    const field = depositField(text, depositLimits)
    if (field.ok) dispatch({ type: 'cashDepositSet', cashDepositPence: field.depositPence })
  }
  const deposit = depositField(depositText, depositLimits)
  const depositInvalid = !deposit.ok
  const depositMessage = deposit.ok ? deposit.hint : deposit.message
  /** One click on an alternative to a refused change: each asks for something other than what was refused. */
  function chooseAlternative(alternative: OfferedAlternative<OfferedQuote>) {
    if (alternative.kind === 'lender') {
      choose(alternative.quote)
      return
    }
    const back = alternative.kind === 'deposit' ? { ...terms, depositPence: alternative.depositPence } : lastQuotedTerms.current
    if (!back) return
    setDepositDraft(null)
    dispatch({ type: 'termSet', termInMonths: back.termMonths })
    dispatch({ type: 'cashDepositSet', cashDepositPence: back.depositPence })
    dispatch({ type: 'annualDistanceSet', annualDistance: back.annualDistance })
  }
  function choose(quote: OfferedQuote) {
    refusedRef.current = null
    setRefusal(null)
    lastQuotedTerms.current = { termMonths: terms.termMonths, depositPence: terms.depositPence, annualDistance: terms.annualDistance }
    dispatch({ type: 'quoteSet', quote: toStoredQuote(quote) })
  }
  function withoutReservation() {
    setWithoutLink(true)
    setReservation(null)
    setView({ status: 'loading' })
  }
  const nextStep = reservation ? 'data' : 'accessories'
  // Quotes worked out for an earlier deposit are not offered while the deposit field is wrong.
  const quotesShown = view.status === 'ok' && !depositInvalid

  if (ready && soldOut) {
    return (
      <>
        <FinanceSteps current="product" />
        <h1>Finance quote: {product.name}</h1>
        <SoldOut name={product.name} />
      </>
    )
  }

  return (
    <>
      <FinanceSteps current="product" reserved={reservation !== null} />
      <h1>Finance quote: {product.name}</h1>
      <p className="fc-lede">
        Price {formatPence(product.financePricePence)}.{product.includedCharges && ` ${product.includedCharges}`} We quote finance on this price.
      </p>
      {reservation && <ReservationDeposit reservation={reservation} />}
      {reservationToken !== null && linkToken === null && <ReservationProblem message="This reservation link is not valid or has expired. Use the link in your reservation email." token={reservationToken} />}

      <form className="fc-controls" onSubmit={(e) => e.preventDefault()} aria-label="Finance terms">
        <div className="fc-field">
          <label htmlFor="fc-term">Term</label>
          <select id="fc-term" value={state.queryTermInMonths} onChange={(e) => dispatch({ type: 'termSet', termInMonths: Number(e.target.value) })}>
            {termOptions.map((t) => (
              <option key={t} value={t}>
                {t} months
              </option>
            ))}
          </select>
        </div>
        <div className="fc-field">
          <label htmlFor="fc-deposit">Deposit (£)</label>
          <input
            id="fc-deposit"
            type="number"
            inputMode="numeric"
            min={minDepositPence / 100}
            step={minDepositPence > 0 ? 1 : 50}
            value={depositText}
            onChange={(e) => changeDeposit(e.target.value)}
            aria-invalid={depositInvalid}
            aria-describedby="fc-deposit-hint"
          />
          <p id="fc-deposit-hint" className={depositInvalid ? 'fc-error' : 'fc-hint'}>
            {depositMessage}
          </p>
        </div>
        <div className="fc-field">
          <label htmlFor="fc-mileage">Annual mileage</label>
          <select id="fc-mileage" value={state.queryAnnualDistance} onChange={(e) => dispatch({ type: 'annualDistanceSet', annualDistance: Number(e.target.value) })}>
            {mileageOptions.map((m) => (
              <option key={m} value={m}>
                {numberText(m)} miles
              </option>
            ))}
          </select>
        </div>
      </form>

      <PartExchangeValuation kept={partExchange} onChange={keepPartExchange} />

      <div aria-live="polite" aria-busy={view.status === 'loading'}>
        {view.status === 'loading' && <p className="fc-status">Getting quotes from our panel of lenders…</p>}
        {view.status === 'error' && view.reservationRefused && reservation && <ReservationProblem message={view.message} token={reservation.token} onWithout={withoutReservation} />}
        {view.status === 'error' && !view.reservationRefused && (
          <div className="fc-alert" role="alert">
            <p>{view.message}</p>
            {/* Asked again unchanged, only a failure to reach the service can come out differently. */}
            {view.retryable ? (
              <button type="button" className="button button--solid" onClick={() => setRetry((n) => n + 1)}>
                Try again
              </button>
            ) : (
              <p>Change the term, deposit or mileage above, or call us and we will help.</p>
            )}
          </div>
        )}
      </div>

      {view.status === 'ok' && depositInvalid && <p className="fc-hint" data-testid="fc-quotes-waiting">Correct the deposit above to see quotes for it.</p>}
      {quotesShown && refusal && <RefusalChoices message={refusal.message} alternatives={refusal.alternatives} withoutChangeLabel={refusal.withoutChangeLabel} onChoose={chooseAlternative} />}
      {quotesShown && (
        <div className="fc-quotes">
          {FACILITIES.map((facility) => {
            const quotes = view.answer.quotes.filter((q) => q.facilityType === facility.type)
            const reasons = [...new Set(view.answer.refusals.filter((r) => r.facilityType === facility.type || r.facilityType === 'all').flatMap((r) => r.messages))]
            return (
              <section key={facility.type} className="fc-facility" aria-labelledby={`fc-${facility.type}`}>
                <h2 id={`fc-${facility.type}`}>{facility.title}</h2>
                <p className="fc-hint">{facility.blurb}</p>
                {quotes.length === 0 ? (
                  <div className="fc-unavailable">
                    <p>
                      <strong>No {facility.type} quote on these terms.</strong> Try a different term, deposit or mileage.
                    </p>
                    {reasons.length > 0 && (
                      <ul>
                        {reasons.slice(0, 5).map((r) => (
                          <li key={r}>{r}</li>
                        ))}
                      </ul>
                    )}
                  </div>
                ) : (
                  quotes.map((quote, i) => <QuoteChoice key={quote.quoteUid} quote={quote} chosen={chosen?.quoteUid === quote.quoteUid} cheapest={i === 0} disclosures={disclosures} onChoose={() => choose(quote)} />)
                )}
              </section>
            )
          })}
        </div>
      )}

      <div className="fc-actions">
        {chosen && quotesShown ? (
          <a className="button button--solid" href={financeStepHref(nextStep, product.slug)} data-testid="fc-continue">
            Continue with {chosen.facilityType} from {chosen.lenderName}
          </a>
        ) : (
          <p className="fc-hint">Choose a quote above to continue.</p>
        )}
      </div>
    </>
  )
}

function QuoteChoice({ quote, chosen, cheapest, disclosures, onChoose }: { quote: OfferedQuote; chosen: boolean; cheapest: boolean; disclosures: FinanceDisclosures; onChoose: () => void }) {
  return (
    <div className={`fc-quote${chosen ? ' fc-quote--chosen' : ''}`} data-testid={`quote-${quote.facilityType}`} data-chosen={chosen}>
      <RepresentativeExample example={quote.example} disclosures={disclosures} lenderName={quote.lenderName} headingLevel={3} title={`${quote.lenderName}: ${quote.facilityType}${cheapest ? ' (lowest monthly payment)' : ''}`} id={`quote-${quote.quoteUid}`} />
      {quote.partExchange && <QuotePartExchange partExchange={quote.partExchange} />}
      <button type="button" className="button button--solid fc-choose" aria-pressed={chosen} onClick={onChoose}>
        {chosen ? 'Chosen' : 'Choose this quote'}
        <span className="visually-hidden">
          : {quote.lenderName} {quote.facilityType}, {formatPence(quote.example.regularPaymentPence)} a month
        </span>
      </button>
    </div>
  )
}
