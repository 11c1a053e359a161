'use client'
// Step 3 (/finance-checkout-data): name, email, phone, address and how the bike reaches the customer; checked with the
// checkout form's own rules, which the server applies again when the application is placed. A reserved bike is
// collected from the showroom, like a reservation completed by card.
import { useEffect, useState, type FormEvent } from 'react'
import { RepresentativeExample, type FinanceDisclosures } from '../../../components/ui/representative-example'
import type { FinanceContact } from '../finance-contact'
import { reservationFor } from '../finance-reservation'
import type { FinanceProduct } from '../queries.server'
import { asOfferedQuote } from '../quote-types'
import { financeStepHref, FinanceSteps } from './finance-steps'
import { ReservationDeposit } from './reservation-deposit'
import { Loading, NoQuoteYet, SoldOut } from './step-guard'
import { useFinanceState } from './use-finance-state'
import { startDealCall } from '../../deals/api/start-deal'

interface Props {
  readonly product: FinanceProduct
  readonly disclosures: FinanceDisclosures
}

// The checkout's own contact and address rules (zod); loaded after the page so they stay out of its first load.
const loadFormRules = () => import('../../checkout/checkout-form')

type Errors = Partial<Record<'firstName' | 'lastName' | 'email' | 'phone' | 'address1' | 'city' | 'postcode', string>>

export function DataStep({ product, disclosures }: Props) {
  const { state, dispatch, ready, contact, setContact, reservation: storedReservation } = useFinanceState()
  const reservation = reservationFor(storedReservation, product.productId)
  const [errors, setErrors] = useState<Errors>({})
  const [leaving, setLeaving] = useState(false)
  const [consent, setConsent] = useState(false)
  useEffect(() => {
    void loadFormRules()
  }, [])
  // Runs after the hook's own effect has written the state to storage, so the summary page reads it back.
  useEffect(() => {
    if (leaving) window.location.assign(financeStepHref('summary', product.slug))
  }, [leaving, product.slug])
  const quote = asOfferedQuote(!reservation && Object.keys(state.accessories).length > 0 ? state.quoteWithAccessories : state.quote)
  if (!ready) return <Loading />
  if (!product.inStock && !reservation) return (<><FinanceSteps current="data" /><h1>Your details</h1><SoldOut name={product.name} /></>)
  if (state.product?.productId !== product.productId || !quote) return (<><FinanceSteps current="data" reserved={reservation !== null} /><h1>Your details</h1><NoQuoteYet slug={product.slug} name={product.name} /></>)

  const update = (patch: Partial<FinanceContact>) => setContact({ ...contact, ...patch })

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { contactSchema, addressSchema } = await loadFormRules()
    const c = contactSchema.safeParse({ firstName: contact.firstName, lastName: contact.lastName, email: state.email, phone: state.phone })
    const a = addressSchema.safeParse({ line1: contact.address1, line2: contact.address2, town: contact.city, postcode: contact.postcode })
    const next: Errors = {}
    if (!c.success) for (const issue of c.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message
    const addressKeys: Record<string, keyof Errors> = { line1: 'address1', town: 'city', postcode: 'postcode' }
    if (!a.success) for (const issue of a.error.issues) { const key = addressKeys[String(issue.path[0])]; if (key) next[key] ??= issue.message }
    setErrors(next)
    if (Object.keys(next).length > 0) {
      const first = Object.keys(next)[0]
      document.getElementById(`fc-${first}`)?.focus()
      return
    }
    if (c.success && a.success) {
      dispatch({ type: 'emailSet', email: c.data.email })
      dispatch({ type: 'phoneSet', phone: c.data.phone })
      setContact({ ...contact, postcode: a.data.postcode, shippingMethod: reservation ? 'free' : contact.shippingMethod })
      // With their agreement, the customer's deal opens now: one reminder if they stop before applying. Never in the way.
      if (consent) await startDealCall({ from: 'finance', productId: product.productId, variantId: state.product?.variantId != null ? Number(state.product.variantId) : null, contact: { firstName: c.data.firstName, lastName: c.data.lastName, email: c.data.email, phone: c.data.phone }, consent: true }).catch(() => undefined)
    }
    setLeaving(true)
  }

  const field = (key: keyof Errors, label: string, value: string, onChange: (v: string) => void, extra: { type?: string; autoComplete?: string; inputMode?: 'email' | 'tel' } = {}) => (
    <div className="fc-field">
      <label htmlFor={`fc-${key}`}>{label}</label>
      <input
        id={`fc-${key}`}
        name={key}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete}
        inputMode={extra.inputMode}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `fc-${key}-error` : undefined}
      />
      {errors[key] && (
        <p id={`fc-${key}-error`} className="fc-error">
          {errors[key]}
        </p>
      )}
    </div>
  )

  return (
    <>
      <FinanceSteps current="data" reserved={reservation !== null} />
      <h1>Your details</h1>
      {reservation && <ReservationDeposit reservation={reservation} />}
      <div className="fc-two">
        <form className="fc-form" onSubmit={submit} noValidate aria-label="Your details">
          <fieldset>
            <legend>About you</legend>
            {field('firstName', 'First name', contact.firstName, (v) => update({ firstName: v }), { autoComplete: 'given-name' })}
            {field('lastName', 'Last name', contact.lastName, (v) => update({ lastName: v }), { autoComplete: 'family-name' })}
            {field('email', 'Email', state.email, (v) => dispatch({ type: 'emailSet', email: v }), { type: 'email', autoComplete: 'email', inputMode: 'email' })}
            {field('phone', 'Phone', state.phone, (v) => dispatch({ type: 'phoneSet', phone: v }), { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
            <label className="fc-check">
              <input type="checkbox" name="contactConsent" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
              <span>You may contact me about this bike, including one reminder if I stop before applying. I can stop this at any time.</span>
            </label>
          </fieldset>
          <fieldset>
            <legend>Your address</legend>
            {field('address1', 'Address line 1', contact.address1, (v) => update({ address1: v }), { autoComplete: 'address-line1' })}
            <div className="fc-field">
              <label htmlFor="fc-address2">Address line 2 (optional)</label>
              <input id="fc-address2" name="address2" autoComplete="address-line2" value={contact.address2} onChange={(e) => update({ address2: e.target.value })} />
            </div>
            {field('city', 'Town or city', contact.city, (v) => update({ city: v }), { autoComplete: 'address-level2' })}
            {field('postcode', 'Postcode', contact.postcode, (v) => update({ postcode: v }), { autoComplete: 'postal-code' })}
          </fieldset>
          <fieldset>
            <legend>Getting your bike</legend>
            {reservation ? (
              <p>You collect your reserved bike from our showroom (free).</p>
            ) : (
              <>
                <label className="fc-check">
                  <input type="radio" name="shipping" value="free" checked={contact.shippingMethod === 'free'} onChange={() => update({ shippingMethod: 'free' })} />
                  <span>Collect from our showroom (free)</span>
                </label>
                <label className="fc-check">
                  <input type="radio" name="shipping" value="dealer_delivery" checked={contact.shippingMethod === 'dealer_delivery'} onChange={() => update({ shippingMethod: 'dealer_delivery' })} />
                  <span>Delivery by our dealer van to your address (we confirm the fee before you pay anything)</span>
                </label>
              </>
            )}
          </fieldset>
          <div className="fc-actions">
            <a className="button" href={financeStepHref(reservation ? 'product' : 'accessories', product.slug)}>
              Back
            </a>
            <button type="submit" className="button button--solid" data-testid="fc-continue">
              Continue to summary
            </button>
          </div>
        </form>
        <aside aria-label="Your quote">
          <RepresentativeExample example={quote.example} disclosures={disclosures} lenderName={quote.lenderName} headingLevel={2} />
        </aside>
      </div>
    </>
  )
}
