'use client'
// "Value my bike" on the finance product step: registration, mileage, condition and any outstanding
// finance give a trade-in guide, which the customer may apply to their quotes as a part-exchange.
import { useState, type FormEvent } from 'react'
import { formatPence } from '../../../domain/money'
import { BIKE_CONDITIONS, CONDITION_LABELS, type TradeInCondition } from '../../../domain/part-exchange/trade-in'
import { displayVrm } from '../../../domain/part-exchange/vrm'
import type { QuotedPartExchange } from '../finance-client'
import { requestValuation, type KeptPartExchange } from '../part-exchange-client'

export const INSPECTION_NOTE = 'Subject to inspection: the dealer confirms the figure when they see your bike.'

interface Props {
  readonly kept: KeptPartExchange | null
  readonly onChange: (kept: KeptPartExchange | null) => void
}

export function PartExchangeValuation({ kept, onChange }: Props) {
  const [registration, setRegistration] = useState('')
  const [mileage, setMileage] = useState('')
  const [condition, setCondition] = useState<TradeInCondition>('good')
  const [outstanding, setOutstanding] = useState('0')
  const [make, setMake] = useState('')
  const [year, setYear] = useState('')
  const [askYear, setAskYear] = useState(false)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({})

  async function submit(event: FormEvent) {
    event.preventDefault()
    const local: Record<string, string> = {}
    const miles = Number(mileage)
    const owed = Number(outstanding || '0')
    if (registration.trim() === '') local.registration = 'Enter your bike’s registration number.'
    if (mileage.trim() === '' || !Number.isInteger(miles) || miles < 0) local.mileage = 'Enter the mileage in whole miles.'
    if (!Number.isFinite(owed) || owed < 0) local.outstandingFinancePence = 'Enter what you still owe in pounds, or 0.'
    if (Object.keys(local).length > 0) {
      setErrors(local)
      setMessage('Check the highlighted details.')
      return
    }
    setBusy(true)
    setMessage(null)
    setErrors({})
    const answer = await requestValuation({
      registration,
      mileage: miles,
      condition,
      outstandingFinancePence: Math.round(owed * 100),
      ...(make.trim() ? { make: make.trim() } : {}),
      ...(askYear && year.trim() ? { year: Number(year) } : {}),
    })
    setBusy(false)
    if (!answer.ok) {
      if (answer.fields.year) setAskYear(true)
      setErrors(answer.fields)
      setMessage(answer.message)
      return
    }
    onChange({ valuation: answer.valuation, applied: false })
  }

  if (kept) {
    const v = kept.valuation
    return (
      <section className="fc-px" aria-labelledby="fc-px-title" data-testid="part-exchange">
        <h2 id="fc-px-title">Your part-exchange</h2>
        <p>
          {displayVrm(v.vrm)}, {v.make}, {v.year}, {v.mileage.toLocaleString('en-GB')} miles
        </p>
        <p className="fc-px__range">
          Trade-in guide: <strong>{formatPence(v.lowPence)} to {formatPence(v.highPence)}</strong>
        </p>
        <dl className="fc-px__figures">
          <dt>Part-exchange value</dt>
          <dd>{formatPence(v.valuePence)}</dd>
          <dt>Outstanding finance to settle</dt>
          <dd>{formatPence(v.outstandingFinancePence)}</dd>
          <dt>{v.netPence >= 0 ? 'Net part-exchange' : 'Negative equity (added to the amount borrowed)'}</dt>
          <dd>{formatPence(Math.abs(v.netPence))}</dd>
        </dl>
        <p className="fc-hint">{INSPECTION_NOTE}</p>
        <div className="fc-px__actions">
          <button type="button" className="button button--solid" aria-pressed={kept.applied} onClick={() => onChange({ ...kept, applied: !kept.applied })}>
            {kept.applied ? 'Applied to my quote' : 'Apply to my quote'}
          </button>
          <button type="button" className="button" onClick={() => onChange(null)}>
            Value another bike
          </button>
        </div>
        {kept.applied && <p className="fc-hint">Your quotes below include this part-exchange. Press the button again to quote without it.</p>}
      </section>
    )
  }

  const err = (name: string) => errors[name]
  const describedBy = (name: string, hint: boolean) => [hint ? `fc-px-${name}-hint` : null, err(name) ? `fc-px-${name}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <section className="fc-px" aria-labelledby="fc-px-title" data-testid="part-exchange">
      <h2 id="fc-px-title">Value my bike</h2>
      <p className="fc-hint">Part-exchange your current bike: we value it now and take it off what you borrow. {INSPECTION_NOTE}</p>
      <form onSubmit={submit} noValidate aria-label="Value my bike">
        {message && (
          <div className="fc-alert" role="alert">
            <p>{message}</p>
          </div>
        )}
        <div className="fc-field">
          <label htmlFor="fc-px-registration">Registration number</label>
          <input id="fc-px-registration" type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={12} value={registration} onChange={(e) => setRegistration(e.target.value)} aria-invalid={err('registration') ? true : undefined} aria-describedby={describedBy('registration', true)} />
          <p id="fc-px-registration-hint" className="fc-hint">For example CX17 HHA</p>
          {err('registration') && <p id="fc-px-registration-error" className="fc-error">{err('registration')}</p>}
        </div>
        <div className="fc-field">
          <label htmlFor="fc-px-make">Make</label>
          <input id="fc-px-make" type="text" autoComplete="off" maxLength={60} value={make} onChange={(e) => setMake(e.target.value)} aria-invalid={err('make') ? true : undefined} aria-describedby={describedBy('make', true)} />
          <p id="fc-px-make-hint" className="fc-hint">For example Honda. Leave it empty and we look it up from the registration.</p>
          {err('make') && <p id="fc-px-make-error" className="fc-error">{err('make')}</p>}
        </div>
        {askYear && (
          <div className="fc-field">
            <label htmlFor="fc-px-year">Year first registered</label>
            <input id="fc-px-year" type="number" inputMode="numeric" min={1900} value={year} onChange={(e) => setYear(e.target.value)} aria-invalid={err('year') ? true : undefined} aria-describedby={describedBy('year', false)} />
            {err('year') && <p id="fc-px-year-error" className="fc-error">{err('year')}</p>}
          </div>
        )}
        <div className="fc-field">
          <label htmlFor="fc-px-mileage">Mileage</label>
          <input id="fc-px-mileage" type="number" inputMode="numeric" min={0} step={1} value={mileage} onChange={(e) => setMileage(e.target.value)} aria-invalid={err('mileage') ? true : undefined} aria-describedby={describedBy('mileage', false)} />
          {err('mileage') && <p id="fc-px-mileage-error" className="fc-error">{err('mileage')}</p>}
        </div>
        <div className="fc-field">
          <label htmlFor="fc-px-condition">Condition</label>
          <select id="fc-px-condition" value={condition} onChange={(e) => setCondition(e.target.value as TradeInCondition)}>
            {BIKE_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {CONDITION_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div className="fc-field">
          <label htmlFor="fc-px-outstanding">Outstanding finance (£)</label>
          <input id="fc-px-outstanding" type="number" inputMode="decimal" min={0} step={1} value={outstanding} onChange={(e) => setOutstanding(e.target.value)} aria-invalid={err('outstandingFinancePence') ? true : undefined} aria-describedby={describedBy('outstandingFinancePence', true)} />
          <p id="fc-px-outstandingFinancePence-hint" className="fc-hint">What you still owe on it, if anything (0 if nothing). We settle it for you.</p>
          {err('outstandingFinancePence') && <p id="fc-px-outstandingFinancePence-error" className="fc-error">{err('outstandingFinancePence')}</p>}
        </div>
        <button type="submit" className="button button--solid" disabled={busy}>
          {busy ? 'Valuing…' : 'Value my bike'}
        </button>
      </form>
    </section>
  )
}

/** The part-exchange on one quote, from the quote's own figures. */
export function QuotePartExchange({ partExchange }: { readonly partExchange: QuotedPartExchange }) {
  return (
    <div className="fc-px-quote" data-testid="quote-part-exchange">
      <h4 className="fc-px-quote__title">Part-exchange: {displayVrm(partExchange.vrm)}</h4>
      <dl className="fc-px__figures">
        <dt>Part-exchange value</dt>
        <dd>{formatPence(partExchange.valuePence)}</dd>
        <dt>Settlement of outstanding finance</dt>
        <dd>{formatPence(partExchange.settlementPence)}</dd>
        <dt>{partExchange.netPence >= 0 ? 'Net part-exchange (off the amount borrowed)' : 'Negative equity (added to the amount borrowed)'}</dt>
        <dd>{formatPence(Math.abs(partExchange.netPence))}</dd>
      </dl>
      <p className="fc-hint">{INSPECTION_NOTE}</p>
    </div>
  )
}
