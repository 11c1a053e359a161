'use client'
// /checkout: contact details and address checked in the browser with the schema the server uses again, the order
// summary with VAT included, terms and the 14-day cancellation right, and "Place order and pay £X". The fields and
// their rules are in checkout-fields.ts, the details kept in the browser in use-checkout-details.ts.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { formatPence } from '../../../domain/money'
import { paths } from '../../../config/paths'
import { shopStore, useShopState } from '../../basket/basket-store'
import { BasketError } from '../../basket/components/basket-error'
import { BasketLoading, BasketNotice } from '../../basket/components/basket-states'
import { applyPricing, fetchPricing, pricedOrPrevious, useBasketPricing } from '../../basket/use-basket-pricing'
import { pricingLines } from '../../basket/store-state'
import { placeCardOrder, type PlaceCardOrderRequest } from '../api/place-card-order'
import { Field } from '../../../components/ui/form-field'
import { checkoutKey, forgetCheckoutKey } from '../checkout-key'
import { PaymentMethodChoice, type CertificateErrors, type CertificateFields, type PaymentMethod } from './payment-method-choice'
import { parsePounds } from '../../../domain/money-input'
import { certificateEntry, FIELDS, fieldId, loadFormRules, validate, type CheckoutPrefill, type Errors, type FieldName, type TextFieldName } from './checkout-fields'
import { useCheckoutDetails } from './use-checkout-details'
import { CheckoutTerms } from './checkout-terms'
import { CheckoutOrder } from './checkout-order'
import { CheckoutReminderConsent } from '../../deals/components/checkout-reminder-consent'

export function CheckoutView({ prefill, signedIn }: { prefill: CheckoutPrefill; signedIn: boolean }) {
  const state = useShopState()
  const pricing = useBasketPricing(state)
  const priced = pricedOrPrevious(pricing)
  const [acceptTerms, setAcceptTerms] = useState(false)
  const [errors, setErrors] = useState<Errors>({})
  const [submitted, setSubmitted] = useState(false)
  const [sending, setSending] = useState(false)
  const [method, setMethod] = useState<PaymentMethod>('card')
  const [certificate, setCertificate] = useState<CertificateFields>({ scheme: '', number: '', redemptionCode: '', value: '' })
  const [certificateErrors, setCertificateErrors] = useState<CertificateErrors>({})
  // Pay in 3 or a certificate only while this basket suits it (the server checks again when the order is placed).
  const payMethod: PaymentMethod = method === 'klarna' && priced?.payLater?.available ? 'klarna' : method === 'cycle_to_work' && priced?.cycleToWork?.available ? 'cycle_to_work' : 'card'
  const [refusal, setRefusal] = useState<{ message: string; problems: string[] } | null>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const refusalRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    void loadFormRules()
  }, [])
  // begin_checkout, once per visit to the page, when the basket's prices are first known (held until consent).
  const checkoutTracked = useRef(false)
  useEffect(() => {
    if (checkoutTracked.current || !priced || priced.lines.length === 0 || !window.whAnalytics) return
    checkoutTracked.current = true
    const { lines, totals, coupon } = priced
    void Promise.all([import('../../../components/analytics/send-analytics-event'), import('../../../domain/analytics/ga4-ecommerce')]).then(([{ sendAnalyticsEvent }, { beginCheckoutEvent }]) =>
      sendAnalyticsEvent(
        beginCheckoutEvent(
          lines.map((l) => ({ sku: l.sku, slug: l.slug, name: l.name, category: l.kind, unitPricePence: l.pricePence, quantity: l.count })),
          { totalPence: totals.totalPence, coupon: coupon?.status === 'applied' ? coupon.code : null },
        ),
      ),
    )
  }, [priced])
  // The contact and address: the account's prefill, or what was typed before on this browser.
  const { values, change } = useCheckoutDetails(prefill)

  if (!state.hydrated) return <BasketLoading />
  if (state.basket.items.length === 0) {
    return (
      <BasketNotice title="Your basket is empty">
        <p>
          There is nothing to pay for yet. <a href={paths.allBikes()}>Browse all bikes</a>
        </p>
      </BasketNotice>
    )
  }
  const deliveryChosen = priced ? priced.deliveryOptions.some((o) => o.method === state.deliveryMethod) : true
  if (!state.deliveryMethod || !deliveryChosen) {
    return (
      <BasketNotice title="Choose delivery first">
        <p>
          Tell us how you would like to receive your order. <a href={paths.basketDeliveryOptions()}>Choose delivery or collection</a>
        </p>
      </BasketNotice>
    )
  }

  function update(name: TextFieldName, value: string) {
    const next = change(name, value)
    // After a first submit, messages follow the typing so a fixed field clears at once.
    const checked = submitted ? validate(next, acceptTerms) : null
    if (checked) setErrors(checked.errors)
  }

  function blur(name: FieldName) {
    const checked = validate(values, acceptTerms)
    if (checked) setErrors((current) => ({ ...current, [name]: checked.errors[name] }))
  }

  function acceptTermsChange(accepted: boolean) {
    setAcceptTerms(accepted)
    const checked = submitted ? validate(values, accepted) : null
    if (checked) setErrors(checked.errors)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    setSubmitted(true)
    setRefusal(null)
    const { errors: found, data } = validate(values, acceptTerms, await loadFormRules())!
    setErrors(found)
    const cert = payMethod === 'cycle_to_work' ? certificateEntry(certificate, priced?.cycleToWork?.schemes.map((s) => s.value) ?? []) : null
    setCertificateErrors(cert?.errors ?? {})
    if (cert && !cert.entry) {
      if (!data) requestAnimationFrame(() => summaryRef.current?.focus())
      else requestAnimationFrame(() => document.getElementById(cert.errors.scheme ? 'certificate-scheme' : cert.errors.number ? 'certificate-number' : cert.errors.redemptionCode ? 'certificate-redemption-code' : 'certificate-value')?.focus())
      return
    }
    if (!data) {
      requestAnimationFrame(() => summaryRef.current?.focus())
      return
    }
    // The form is shown only once delivery is chosen (above).
    const deliveryMethod = state.deliveryMethod
    if (!deliveryMethod) return
    setSending(true)
    const coupon = state.basket.couponCode
    const body: PlaceCardOrderRequest = {
      ...data,
      checkoutKey: checkoutKey(),
      lines: pricingLines(state.basket),
      couponCode: coupon?.status === 'applied' ? coupon.code : null,
      deliveryMethod,
      paymentMethod: payMethod,
      ...(cert?.entry ? { certificate: cert.entry } : {}),
    }
    try {
      const answer = await placeCardOrder(body)
      // 201 a new order; 200 the same order again (this checkout key was already used, e.g. after a lost answer).
      if (answer.ok && (answer.status === 201 || answer.status === 200) && answer.body.paymentUrl) {
        forgetCheckoutKey()
        window.location.assign(answer.body.paymentUrl)
        return
      }
      const json = answer.ok ? null : answer.body
      if (answer.status >= 400 && answer.status < 500) {
        // A refusal is final for this attempt (the basket changes); the next one gets a new key.
        forgetCheckoutKey()
        const problems = Array.isArray(json?.problems) ? json.problems.map((p) => (typeof p === 'string' ? p : typeof p === 'object' && p && 'message' in p ? String((p as { message: unknown }).message) : '')).filter(Boolean) : []
        const intro = json?.error === 'sold_out' ? 'Sorry, we no longer have enough in stock for your order:' : 'We could not place your order:'
        setRefusal({ message: problems.length ? intro : (json?.message ?? 'We could not place your order.'), problems })
        const fresh = await fetchPricing({ lines: pricingLines(shopStore().getState().basket), couponCode: coupon?.code ?? null, deliveryMethod: state.deliveryMethod }).catch(() => null)
        if (fresh) applyPricing(fresh)
      } else {
        setRefusal({ message: json?.message ?? 'Something went wrong on our side and your order was not placed. Please try again; you have not been charged.', problems: [] })
      }
    } catch {
      setRefusal({ message: 'We could not reach the shop. Please check your connection and try again; you have not been charged.', problems: [] })
    } finally {
      setSending(false)
      requestAnimationFrame(() => refusalRef.current?.focus())
    }
  }

  const errorList = Object.entries(errors).filter(([, m]) => m) as [FieldName, string][]
  const total = priced?.totals.totalPence
  // With a certificate, the card pays only what it does not (worked out again by the server).
  const typedCertificate = payMethod === 'cycle_to_work' ? parsePounds(certificate.value, { minPence: 100, maxPence: 1_000_000 }) : null
  const certificatePence = typedCertificate?.ok && typedCertificate.pence != null ? typedCertificate.pence : null
  const cardPays = total === undefined ? undefined : certificatePence != null ? Math.max(0, total - certificatePence) : total
  const payLabel =
    sending
      ? 'Placing your order…'
      : total === undefined || cardPays === undefined
        ? 'Checking prices…'
        : payMethod === 'cycle_to_work'
          ? certificatePence == null
            ? 'Place order with your certificate'
            : cardPays > 0
              ? `Place order: certificate ${formatPence(certificatePence)}, pay ${formatPence(cardPays)} by card`
              : `Place order with your ${formatPence(certificatePence)} certificate`
          : `Place order and pay ${formatPence(total)}${payMethod === 'klarna' ? ' with Klarna' : ''}`

  function field(f: (typeof FIELDS)[number]) {
    return (
      <Field
        key={f.name}
        id={fieldId(f.name)}
        name={f.name}
        label={f.label}
        hint={'hint' in f ? f.hint : undefined}
        error={errors[f.name]}
        errorAbove
        fieldClassName={'width' in f ? 'field--short' : undefined}
        type={'type' in f ? f.type : 'text'}
        autoComplete={f.autoComplete}
        value={values[f.name]}
        onChange={(e) => update(f.name, e.target.value)}
        onBlur={() => blur(f.name)}
        spellCheck={f.name === 'contact.email' ? false : undefined}
      />
    )
  }

  return (
    <div className="basket__grid">
      <div>
        <BasketError state={state} />
        {errorList.length > 0 && (
          <div className="error-summary" role="alert" tabIndex={-1} ref={summaryRef} aria-labelledby="error-summary-title">
            <h2 id="error-summary-title">There is a problem</h2>
            <ul>
              {errorList.map(([name, message]) => (
                <li key={name}>
                  <a href={`#${name === 'acceptTerms' ? 'checkout-acceptTerms' : fieldId(name)}`}>{message}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {refusal && (
          <div className="basket-error" role="alert" tabIndex={-1} ref={refusalRef} data-testid="checkout-refusal">
            <h2>Your order was not placed</h2>
            <p>{refusal.message}</p>
            {refusal.problems.length > 0 && (
              <ul>
                {refusal.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
            <p>
              <a href={paths.basket()}>Review your basket</a>
            </p>
          </div>
        )}
        <form className="checkout-form" onSubmit={(e) => void submit(e)} noValidate aria-describedby="checkout-guest">
          <p id="checkout-guest" className="muted">
            {signedIn ? 'You are signed in: we have filled in the details from your account.' : 'No account needed: check out as a guest.'}
          </p>
          <fieldset>
            <legend>Your details</legend>
            {FIELDS.filter((f) => f.section === 'contact').map(field)}
            <CheckoutReminderConsent
              lines={priced?.lines ?? []}
              contact={{ firstName: values['contact.firstName'], lastName: values['contact.lastName'], email: values['contact.email'], phone: values['contact.phone'] }}
            />
          </fieldset>
          <fieldset>
            <legend>Your address</legend>
            <p className="field__hint">{state.deliveryMethod === 'free' ? 'Your billing address. You collect the order from our shop.' : 'Where we deliver your order.'}</p>
            {FIELDS.filter((f) => f.section === 'address').map(field)}
          </fieldset>
          <CheckoutTerms accepted={acceptTerms} error={errors.acceptTerms} onChange={acceptTermsChange} />
          <PaymentMethodChoice
            payLater={priced?.payLater}
            cycleToWork={priced?.cycleToWork}
            method={payMethod}
            onChange={setMethod}
            certificate={certificate}
            certificateErrors={certificateErrors}
            onCertificate={(field, value) => {
              setCertificate((c) => ({ ...c, [field]: value }))
              setCertificateErrors((e) => ({ ...e, [field]: undefined }))
            }}
          />
          <button type="submit" className="pay-button" disabled={sending || total === undefined} aria-describedby="pay-note">
            {payLabel}
          </button>
          <p id="pay-note" className="muted">
            By placing your order you agree to pay {total === undefined ? 'the total shown' : formatPence(total)}
            {payMethod === 'cycle_to_work' ? ', with your certificate redeemed in full and any balance by card' : ''}.
          </p>
        </form>
      </div>
      <CheckoutOrder priced={priced} pricing={pricing} />
    </div>
  )
}
