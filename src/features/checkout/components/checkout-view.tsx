'use client'
// /checkout: contact details and address checked in the browser with the schema the server uses again, the order
// summary with VAT included, terms and the 14-day cancellation right, and "Place order and pay £X".
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { formatPence } from '../../../domain/money'
import { CANCELLATION_DAYS, REFUND_DAYS } from '../../../domain/consumer-rights'
import { paths } from '../../../config/paths'
import { STORE_STORAGE_KEY } from '../../../config/browser-storage'
import { shopStore, useShopState } from '../../basket/basket-store'
import { BasketError } from '../../basket/components/basket-error'
import { BasketSummary } from '../../basket/components/basket-summary'
import { BasketLoading, BasketNotice, PricingPending } from '../../basket/components/basket-states'
import { applyPricing, fetchPricing, pricedOrPrevious, useBasketPricing } from '../../basket/use-basket-pricing'
import { pricingLines } from '../../basket/store-state'
import type { CheckoutForm } from '../checkout-form'
import { placeCardOrder, type PlaceCardOrderRequest } from '../api/place-card-order'
import { Field, FieldError } from '../../../components/ui/form-field'
import { checkoutKey, forgetCheckoutKey } from '../checkout-key'
import { PaymentMethodChoice, type CertificateErrors, type CertificateFields, type PaymentMethod } from './payment-method-choice'
import { parsePounds } from '../../../domain/money-input'
import { normaliseCertificateCode, type CertificateEntry, type CycleScheme } from '../../../domain/payments/cycle-to-work'

/** The certificate as typed, checked as the server checks it: the entry to send, or the message for each field. */
function certificateEntry(fields: CertificateFields, schemes: readonly string[]): { entry: CertificateEntry | null; errors: CertificateErrors } {
  const errors: CertificateErrors = {}
  if (!schemes.includes(fields.scheme)) errors.scheme = 'Choose the scheme your certificate is from'
  const number = normaliseCertificateCode(fields.number)
  if (!number) errors.number = 'Enter the certificate number as printed: 4 to 24 letters and digits'
  const redemptionCode = normaliseCertificateCode(fields.redemptionCode)
  if (!redemptionCode) errors.redemptionCode = 'Enter the redemption code as printed: 4 to 24 letters and digits'
  const value = parsePounds(fields.value, { minPence: 100, maxPence: 1_000_000 })
  if (!value.ok) errors.value = value.message
  else if (value.pence == null) errors.value = 'Enter the certificate’s value in pounds, as printed on it'
  if (Object.keys(errors).length > 0 || !number || !redemptionCode || !value.ok || value.pence == null) return { entry: null, errors }
  return { entry: { scheme: fields.scheme as CycleScheme, number, redemptionCode, valuePence: value.pence }, errors }
}

// The form's rules are the server's own zod schema. They load just after the page, not with it: zod is about 30 KB
// of the first-load budget, and nothing needs the rules before the customer leaves a field or presses pay.
type FormRules = typeof import('../checkout-form')
let formRules: FormRules | null = null
const loadFormRules = async (): Promise<FormRules> => (formRules ??= await import('../checkout-form'))

export interface CheckoutPrefill {
  readonly firstName?: string
  readonly lastName?: string
  readonly email?: string
  readonly phone?: string
  readonly line1?: string
  readonly line2?: string
  readonly town?: string
  readonly county?: string
  readonly postcode?: string
}

const FIELDS = [
  { name: 'contact.firstName', label: 'First name', autoComplete: 'given-name', section: 'contact' },
  { name: 'contact.lastName', label: 'Last name', autoComplete: 'family-name', section: 'contact' },
  { name: 'contact.email', label: 'Email address', autoComplete: 'email', type: 'email', section: 'contact', hint: 'We send your order confirmation here.' },
  { name: 'contact.phone', label: 'Phone number', autoComplete: 'tel', type: 'tel', section: 'contact', hint: 'A UK number, so we can call you about your order.' },
  { name: 'address.line1', label: 'Address line 1', autoComplete: 'address-line1', section: 'address' },
  { name: 'address.line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2', section: 'address' },
  { name: 'address.town', label: 'Town or city', autoComplete: 'address-level2', section: 'address' },
  { name: 'address.county', label: 'County (optional)', autoComplete: 'address-level1', section: 'address' },
  { name: 'address.postcode', label: 'Postcode', autoComplete: 'postal-code', section: 'address', width: 'short' },
] as const

type FieldName = (typeof FIELDS)[number]['name'] | 'acceptTerms'
type Values = Record<(typeof FIELDS)[number]['name'], string>
type Errors = Partial<Record<FieldName, string>>

type DetailsStorage = typeof import('../checkout-details-storage')
const loadDetailsStorage = (): Promise<DetailsStorage> => import('../checkout-details-storage')

function readStore(): string | null {
  try {
    return window.localStorage.getItem(STORE_STORAGE_KEY)
  } catch {
    return null
  }
}

/** Keeps what was typed in the browser store (never before the saved copy was read, or it would be overwritten). */
function saveDetails(storage: DetailsStorage | null, values: Values) {
  if (!storage) return
  try {
    window.localStorage.setItem(STORE_STORAGE_KEY, storage.storeWithCheckoutDetails(readStore(), values))
  } catch {
    // Storage refused (private mode): the form works, it just is not remembered.
  }
}

function toForm(values: Values, acceptTerms: boolean) {
  return {
    contact: { firstName: values['contact.firstName'], lastName: values['contact.lastName'], email: values['contact.email'], phone: values['contact.phone'] },
    address: { line1: values['address.line1'], line2: values['address.line2'], town: values['address.town'], county: values['address.county'], postcode: values['address.postcode'] },
    acceptTerms,
  }
}

/** The messages and parsed form, or null before the rules have loaded (then nothing is judged yet). */
function validate(values: Values, acceptTerms: boolean, rules: FormRules | null = formRules): { errors: Errors; data: CheckoutForm | null } | null {
  if (!rules) return null
  const result = rules.checkoutFormSchema.safeParse(toForm(values, acceptTerms))
  if (result.success) return { errors: {}, data: result.data }
  const errors: Errors = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') as FieldName
    errors[key] ??= issue.message
  }
  return { errors, data: null }
}

const fieldId = (name: string) => `checkout-${name.replace('.', '-')}`

export function CheckoutView({ prefill, signedIn }: { prefill: CheckoutPrefill; signedIn: boolean }) {
  const state = useShopState()
  const pricing = useBasketPricing(state)
  const priced = pricedOrPrevious(pricing)
  const [initialValues] = useState<Values>(() => ({
    'contact.firstName': prefill.firstName ?? '',
    'contact.lastName': prefill.lastName ?? '',
    'contact.email': prefill.email ?? '',
    'contact.phone': prefill.phone ?? '',
    'address.line1': prefill.line1 ?? '',
    'address.line2': prefill.line2 ?? '',
    'address.town': prefill.town ?? '',
    'address.county': prefill.county ?? '',
    'address.postcode': prefill.postcode ?? '',
  }))
  const [values, setValues] = useState<Values>(initialValues)
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
  // The details typed before (a reload, going back to the basket) come back from the browser store; what was
  // typed wins over the account's prefill, being newer.
  const detailsStore = useRef<DetailsStorage | null>(null)
  useEffect(() => {
    let cancelled = false
    void loadDetailsStorage().then((storage) => {
      if (cancelled) return
      const saved = storage.checkoutDetailsFromStore(readStore())
      detailsStore.current = storage
      // Only into fields still as the page opened them: anything typed meanwhile stays.
      if (Object.keys(saved).length > 0) setValues((current) => ({ ...current, ...Object.fromEntries(Object.entries(saved).filter(([field]) => current[field as keyof Values] === initialValues[field as keyof Values])) }))
    })
    return () => {
      cancelled = true
    }
  }, [initialValues])

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

  function update(name: (typeof FIELDS)[number]['name'], value: string) {
    const next = { ...values, [name]: value }
    setValues(next)
    saveDetails(detailsStore.current, next)
    // After a first submit, messages follow the typing so a fixed field clears at once.
    const checked = submitted ? validate(next, acceptTerms) : null
    if (checked) setErrors(checked.errors)
  }

  function blur(name: FieldName) {
    const checked = validate(values, acceptTerms)
    if (checked) setErrors((current) => ({ ...current, [name]: checked.errors[name] }))
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
          </fieldset>
          <fieldset>
            <legend>Your address</legend>
            <p className="field__hint">{state.deliveryMethod === 'free' ? 'Your billing address. You collect the order from our shop.' : 'Where we deliver your order.'}</p>
            {FIELDS.filter((f) => f.section === 'address').map(field)}
          </fieldset>
          <fieldset className="checkout-terms">
            <legend>Terms and your right to cancel</legend>
            <p>
              You have the right to cancel your order within {CANCELLATION_DAYS} days of receiving the goods, without giving a reason, under the Consumer
              Contracts (Information, Cancellation and Additional Charges) Regulations 2013. We refund you within {REFUND_DAYS} days of getting the goods
              back. See our <a href={paths.page('terms')}>terms and conditions</a> and <a href={paths.page('returns')}>returns and cancellation</a>. To cancel,
              send us any clear statement that you cancel, or use the <a href={paths.modelCancellationForm()}>model cancellation form</a> (we also email it to you).
            </p>
            <div className={`checkbox${errors.acceptTerms ? ' field--error' : ''}`}>
              {errors.acceptTerms && <FieldError id="checkout-acceptTerms-error">{errors.acceptTerms}</FieldError>}
              <input
                id="checkout-acceptTerms"
                type="checkbox"
                name="acceptTerms"
                checked={acceptTerms}
                onChange={(e) => {
                  setAcceptTerms(e.target.checked)
                  const checked = submitted ? validate(values, e.target.checked) : null
                  if (checked) setErrors(checked.errors)
                }}
                aria-invalid={errors.acceptTerms ? true : undefined}
                aria-describedby={errors.acceptTerms ? 'checkout-acceptTerms-error' : undefined}
              />
              <label htmlFor="checkout-acceptTerms">I have read the terms and conditions and my 14-day right to cancel</label>
            </div>
          </fieldset>
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
      <aside className="basket__side">
        {priced ? (
          <>
            <section aria-labelledby="checkout-items-title" className="checkout-items">
              <h2 id="checkout-items-title">Your order</h2>
              <ul>
                {priced.lines.map((l) => (
                  <li key={l.itemId}>
                    <span>
                      {l.count} × {l.name}
                    </span>
                    <span>{formatPence(l.lineTotalPence)}</span>
                  </li>
                ))}
              </ul>
              {priced.delivery && (
                <p className="muted">
                  {priced.delivery.label}
                  {priced.delivery.method === 'free' && priced.pickupLocation ? `: ${priced.pickupLocation.name}, ${priced.pickupLocation.lines.join(', ')}` : ''}.{' '}
                  <a href={paths.basketDeliveryOptions()}>Change</a>
                </p>
              )}
            </section>
            <BasketSummary priced={priced} busy={pricing.status === 'loading'} title="Order summary" />
          </>
        ) : (
          <PricingPending pricing={pricing} waiting="Checking prices and stock…" />
        )}
      </aside>
    </div>
  )
}
