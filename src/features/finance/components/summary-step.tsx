'use client'
// Step 4 (/finance-checkout-summary): the full quote with its representative example and payment schedule, the
// customer's details, and placing the finance application (order creation: processing, then success or error).
// A reserved bike's application carries the reservation's link token: the server moves the held bike to it.
import { useState } from 'react'
import { RepresentativeExample, type FinanceDisclosures } from '../../../components/ui/representative-example'
import { paths } from '../../../config/paths'
import { formatPence } from '../../../domain/money'
import { reservationFor, type ReservationQuoteFigures } from '../finance-reservation'
import type { FinanceProduct } from '../queries.server'
import { asOfferedQuote, isReservationRefusal } from '../quote-types'
import { QuotePartExchange } from './part-exchange'
import { financeStepHref, FinanceSteps } from './finance-steps'
import { ReservationDeposit, ReservationProblem } from './reservation-deposit'
import { Loading, NoQuoteYet, SoldOut } from './step-guard'
import { useFinanceState } from './use-finance-state'
import { placeFinanceOrder } from '../api/place-finance-order'
import { ukLongDate } from '../../../lib/text/uk-date'

interface Props {
  readonly product: FinanceProduct
  readonly disclosures: FinanceDisclosures
  readonly dealerPhone: string | null
}

type Placed = { readonly orderId: number; readonly orderNumber: string; readonly email: string; readonly signedIn: boolean; readonly reservation: ReservationQuoteFigures | null }

export function SummaryStep({ product, disclosures, dealerPhone }: Props) {
  const { state, dispatch, ready, contact, reservation: storedReservation } = useFinanceState()
  const reservation = reservationFor(storedReservation, product.productId)
  const [placed, setPlaced] = useState<Placed | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [soldOut, setSoldOut] = useState(false)
  const [reservationRefused, setReservationRefused] = useState(false)
  // A reserved bike is financed on its own; it is collected from the showroom.
  const accessories = reservation ? [] : Object.values(state.accessories)
  const shippingMethod = reservation ? 'free' : contact.shippingMethod
  const figures = reservation?.figures ?? null
  const quote = asOfferedQuote(accessories.length > 0 ? state.quoteWithAccessories : state.quote)

  if (placed) {
    return (
      <>
        <h1>Application sent</h1>
        <div className="fc-success" role="status">
          <p>
            Thank you. Your finance application <strong data-testid="order-number">{placed.orderNumber}</strong> has been sent to the lender and the bike is held for you.
          </p>
          {placed.reservation && (
            <p>
              Your {formatPence(placed.reservation.depositPaidPence)} reservation deposit counts towards your deposit; {formatPence(placed.reservation.depositToPayPence)} is still to pay on signing.
            </p>
          )}
          {placed.signedIn ? (
            <p>We will email {placed.email} with the lender’s decision. You can follow it in your account.</p>
          ) : (
            <p>We will email {placed.email} with the lender’s decision. You can look the application up any time with its number and your email address.</p>
          )}
          <p>
            {placed.signedIn ? (
              <a className="button button--solid" href={paths.order(placed.orderNumber)}>
                See your application
              </a>
            ) : (
              <a className="button button--solid" href={paths.orderLookup(placed.orderNumber)}>
                Look up your application
              </a>
            )}{' '}
            <a className="button" href="/">
              Back to the shop
            </a>
          </p>
        </div>
      </>
    )
  }
  if (!ready) return <Loading />
  if (!product.inStock && !reservation) return (<><FinanceSteps current="summary" /><h1>Summary</h1><SoldOut name={product.name} /></>)
  if (state.product?.productId !== product.productId || !quote) return (<><FinanceSteps current="summary" reserved={reservation !== null} /><h1>Summary</h1><NoQuoteYet slug={product.slug} name={product.name} /></>)
  const detailsMissing = !state.email || !state.phone || !contact.firstName || !contact.lastName || !contact.address1 || !contact.city || !contact.postcode

  async function place() {
    if (!quote || state.isProcessing) return
    dispatch({ type: 'orderRequested' })
    setMessage(null)
    setReservationRefused(false)
    try {
      const answer = await placeFinanceOrder({
        quoteId: quote.quoteUid,
        email: state.email,
        phone: state.phone,
        firstName: contact.firstName,
        lastName: contact.lastName,
        shippingMethod,
        shippingAddress: { address1: contact.address1, address2: contact.address2, city: contact.city, postcode: contact.postcode, country: 'GB' },
        productId: product.productId,
        variantId: null,
        ...(reservation ? { reservationToken: reservation.token } : {}),
      })
      if (!answer.ok || !answer.body.orderId || !answer.body.orderNumber) {
        const body = (answer.ok ? null : answer.body) ?? {}
        const message = typeof body.message === 'string' ? body.message : undefined
        // Issues come as sentences or as { message } per line; each sentence is said once (a sold bike's refusal
        // repeats the message in its one problem).
        const issues = (Array.isArray(body.issues) ? (body.issues as unknown[]) : []).map((i) => (typeof i === 'string' ? i : typeof i === 'object' && i !== null && 'message' in i ? String((i as { message: unknown }).message) : '')).filter(Boolean)
        const details = answer.status === 400 && issues.length ? ['Some details need correcting:', ...issues] : [message, ...issues]
        setSoldOut(answer.status === 409 && !(reservation !== null && isReservationRefusal(answer.status)) && /sold/i.test(message ?? '') && (message ?? '').includes(product.name))
        setMessage([...new Set(details.filter(Boolean))].join(' ') || 'We could not send your application.')
        setReservationRefused(reservation !== null && isReservationRefusal(answer.status))
        dispatch({ type: 'orderFailed' })
        return
      }
      const placed = answer.body
      dispatch({ type: 'orderSucceeded' })
      setPlaced({ orderId: placed.orderId, orderNumber: placed.orderNumber, email: state.email, signedIn: placed.signedIn === true, reservation: figures })
      // The application is placed: the checkout starts afresh next time (spec §4 finish, then reset).
      dispatch({ type: 'processFinished' })
      dispatch({ type: 'reset' })
    } catch {
      setMessage('We could not reach the shop. Please check your connection.')
      dispatch({ type: 'orderFailed' })
    }
  }

  return (
    <>
      <FinanceSteps current="summary" reserved={reservation !== null} />
      <h1>Check and send your application</h1>
      {reservation && <ReservationDeposit reservation={reservation} />}
      <div className="fc-two">
        <div>
          <section aria-labelledby="fc-sum-items">
            <h2 id="fc-sum-items">What you are financing</h2>
            <ul className="fc-list">
              <li>
                {product.name}: {formatPence(product.financePricePence)}
                {product.extraFeePence > 0 ? ` (including ${formatPence(product.extraFeePence)} ${product.extraFeeLabel?.toLowerCase() ?? ''})` : ''}
              </li>
              {accessories.map((a) => (
                <li key={String(a.product.productId)}>
                  {a.product.name}: {formatPence(a.product.pricePence)}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="fc-sum-you">
            <h2 id="fc-sum-you">Your details</h2>
            <p>
              {contact.firstName} {contact.lastName}
              <br />
              {state.email}, {state.phone}
              <br />
              {[contact.address1, contact.address2, contact.city, contact.postcode].filter(Boolean).join(', ')}
              <br />
              {shippingMethod === 'free' ? 'Collect from our showroom' : 'Dealer van delivery'}
            </p>
            <p>
              <a href={financeStepHref('data', product.slug)}>Change your details</a>
            </p>
          </section>
          <section aria-labelledby="fc-sum-schedule">
            <h2 id="fc-sum-schedule">Your payments</h2>
            <ul className="fc-list">
              {figures ? (
                <>
                  <li>
                    Deposit: {formatPence(figures.depositPence)}, including the {formatPence(figures.depositPaidPence)} reservation deposit you have already paid
                  </li>
                  <li>
                    Still to pay on signing: <strong>{formatPence(figures.depositToPayPence)}</strong>
                  </li>
                </>
              ) : quote.partExchange && quote.partExchange.netPence > 0 ? (
                <li>
                  Deposit: {formatPence(quote.example.depositPence)}, of which {formatPence(quote.partExchange.netPence)} is your part-exchange; to pay today: {formatPence(quote.example.depositPence - quote.partExchange.netPence)}
                </li>
              ) : (
                <li>Deposit today: {formatPence(quote.example.depositPence)}</li>
              )}
              <li>
                {quote.example.numberOfMonthlyPayments} monthly payments of {formatPence(quote.example.regularPaymentPence)}
              </li>
              {quote.example.facilityType === 'PCP' && <li>Optional final payment to own the bike: {formatPence(quote.example.finalPaymentPence)}</li>}
              <li>Total amount payable: {formatPence(quote.example.totalPayablePence)}</li>
            </ul>
            {quote.partExchange && <QuotePartExchange partExchange={quote.partExchange} />}
            <p>This quote is valid until {ukLongDate(quote.expiresAt)}. The lender will check your credit when you apply.</p>
          </section>
        </div>
        <aside aria-label="Your quote">
          <RepresentativeExample example={quote.example} disclosures={disclosures} lenderName={quote.lenderName} headingLevel={2} />
        </aside>
      </div>

      <div aria-live="assertive">
        {state.isError && reservationRefused && reservation && <ReservationProblem message={`We could not send your application. ${message ?? ''}`} token={reservation.token} />}
        {state.isError && soldOut && !(reservationRefused && reservation) && <SoldOut name={product.name} />}
        {state.isError && !soldOut && !(reservationRefused && reservation) && (
          <div className="fc-alert" role="alert">
            <p>We could not send your application. {message}</p>
            <p>
              Your details are kept. Try again{dealerPhone ? (<>, or call us on <a href={`tel:${dealerPhone.replace(/\s/g, '')}`}>{dealerPhone}</a></>) : ''}; if the quote has expired, <a href={financeStepHref('product', product.slug)}>get a new quote</a>.
            </p>
          </div>
        )}
      </div>

      <div className="fc-actions">
        <a className="button" href={financeStepHref('data', product.slug)}>
          Back
        </a>
        {detailsMissing ? (
          <p className="fc-error">Some of your details are missing. <a href={financeStepHref('data', product.slug)}>Add your details</a>.</p>
        ) : (
          <button type="button" className="button button--solid" onClick={place} disabled={state.isProcessing} data-testid="fc-place">
            {state.isProcessing ? 'Sending your application…' : 'Send finance application'}
          </button>
        )}
      </div>
    </>
  )
}
