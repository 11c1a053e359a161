'use client'
// The "Value my bike" form, shared by the finance step and the value-my-bike page: registration, make (looked up when
// left out), mileage, condition, the condition questions staff check at inspection (service history, keys, V5C,
// damage) and outstanding finance. Calls the valuation endpoint and hands the issued valuation on.
import { useState, type FormEvent } from 'react'
import { BIKE_CONDITIONS, CONDITION_LABELS, type TradeInCondition } from '../../../domain/part-exchange/trade-in'
import { requestValuation, type IssuedValuation, type ValuationForm as ValuationBody } from '../part-exchange-client'

interface Props {
  /** Prefix of the inputs' ids, unique on the page. */
  readonly idPrefix: string
  readonly onValued: (valuation: IssuedValuation) => void
}

type YesNo = '' | 'yes' | 'no'

export function ValuationForm({ idPrefix, onValued }: Props) {
  const [registration, setRegistration] = useState('')
  const [mileage, setMileage] = useState('')
  const [condition, setCondition] = useState<TradeInCondition>('good')
  const [outstanding, setOutstanding] = useState('0')
  const [make, setMake] = useState('')
  const [year, setYear] = useState('')
  const [askYear, setAskYear] = useState(false)
  const [history, setHistory] = useState<YesNo>('')
  const [keys, setKeys] = useState('2')
  const [logbook, setLogbook] = useState<YesNo>('')
  const [damage, setDamage] = useState<YesNo>('')
  const [damageText, setDamageText] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({})

  async function submit(event: FormEvent) {
    event.preventDefault()
    const local: Record<string, string> = {}
    const miles = Number(mileage)
    const owed = Number(outstanding || '0')
    const keyCount = Number(keys)
    if (registration.trim() === '') local.registration = 'Enter your bike’s registration number.'
    if (mileage.trim() === '' || !Number.isInteger(miles) || miles < 0) local.mileage = 'Enter the mileage in whole miles.'
    if (!Number.isFinite(owed) || owed < 0) local.outstandingFinancePence = 'Enter what you still owe in pounds, or 0.'
    if (history === '') local.fullServiceHistory = 'Say whether the bike has a full service history.'
    if (keys.trim() === '' || !Number.isInteger(keyCount) || keyCount < 0 || keyCount > 9) local.keys = 'Enter how many keys you have, from 0 to 9.'
    if (logbook === '') local.logbookPresent = 'Say whether you have the V5C logbook.'
    if (damage === '') local.damage = 'Say whether the bike has any damage.'
    if (damage === 'yes' && damageText.trim() === '') local.damageDescription = 'Describe the damage in a few words.'
    if (Object.keys(local).length > 0) {
      setErrors(local)
      setMessage('Check the highlighted details.')
      return
    }
    setBusy(true)
    setMessage(null)
    setErrors({})
    const body: ValuationBody = {
      registration,
      mileage: miles,
      condition,
      outstandingFinancePence: Math.round(owed * 100),
      ...(make.trim() ? { make: make.trim() } : {}),
      ...(askYear && year.trim() ? { year: Number(year) } : {}),
      fullServiceHistory: history === 'yes',
      keys: keyCount,
      logbookPresent: logbook === 'yes',
      damage: damage === 'yes',
      ...(damage === 'yes' ? { damageDescription: damageText.trim() } : {}),
    }
    const answer = await requestValuation(body)
    setBusy(false)
    if (!answer.ok) {
      if (answer.fields.year) setAskYear(true)
      setErrors(answer.fields)
      setMessage(answer.message)
      return
    }
    onValued(answer.valuation)
  }

  const id = (name: string) => `${idPrefix}-${name}`
  const err = (name: string) => errors[name]
  const describedBy = (name: string, hint: boolean) => [hint ? `${id(name)}-hint` : null, err(name) ? `${id(name)}-error` : null].filter(Boolean).join(' ') || undefined
  const error = (name: string) => (err(name) ? <p id={`${id(name)}-error`} className="fc-error">{err(name)}</p> : null)
  const yesNo = (name: string, legend: string, value: YesNo, set: (v: YesNo) => void) => (
    <fieldset className="fc-field vmb-choice" aria-describedby={err(name) ? `${id(name)}-error` : undefined} aria-invalid={err(name) ? true : undefined}>
      <legend>{legend}</legend>
      {error(name)}
      <div className="vmb-choice__options">
        {(['yes', 'no'] as const).map((option) => (
          <label key={option} className="vmb-choice__option">
            <input type="radio" name={id(name)} value={option} checked={value === option} onChange={() => set(option)} />
            {option === 'yes' ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
    </fieldset>
  )

  return (
    <form onSubmit={submit} noValidate aria-label="Value my bike">
      {message && (
        <div className="fc-alert" role="alert">
          <p>{message}</p>
        </div>
      )}
      <div className="fc-field">
        <label htmlFor={id('registration')}>Registration number</label>
        <input id={id('registration')} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={12} value={registration} onChange={(e) => setRegistration(e.target.value)} aria-invalid={err('registration') ? true : undefined} aria-describedby={describedBy('registration', true)} />
        <p id={`${id('registration')}-hint`} className="fc-hint">For example CX17 HHA</p>
        {error('registration')}
      </div>
      <div className="fc-field">
        <label htmlFor={id('make')}>Make</label>
        <input id={id('make')} type="text" autoComplete="off" maxLength={60} value={make} onChange={(e) => setMake(e.target.value)} aria-invalid={err('make') ? true : undefined} aria-describedby={describedBy('make', true)} />
        <p id={`${id('make')}-hint`} className="fc-hint">For example Honda. Leave it empty and we look it up from the registration.</p>
        {error('make')}
      </div>
      {askYear && (
        <div className="fc-field">
          <label htmlFor={id('year')}>Year first registered</label>
          <input id={id('year')} type="number" inputMode="numeric" min={1900} value={year} onChange={(e) => setYear(e.target.value)} aria-invalid={err('year') ? true : undefined} aria-describedby={describedBy('year', false)} />
          {error('year')}
        </div>
      )}
      <div className="fc-field">
        <label htmlFor={id('mileage')}>Mileage</label>
        <input id={id('mileage')} type="number" inputMode="numeric" min={0} step={1} value={mileage} onChange={(e) => setMileage(e.target.value)} aria-invalid={err('mileage') ? true : undefined} aria-describedby={describedBy('mileage', false)} />
        {error('mileage')}
      </div>
      <div className="fc-field">
        <label htmlFor={id('condition')}>Condition</label>
        <select id={id('condition')} value={condition} onChange={(e) => setCondition(e.target.value as TradeInCondition)}>
          {BIKE_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {CONDITION_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      {yesNo('fullServiceHistory', 'Does it have a full service history?', history, setHistory)}
      <div className="fc-field">
        <label htmlFor={id('keys')}>Number of keys</label>
        <input id={id('keys')} type="number" inputMode="numeric" min={0} max={9} step={1} value={keys} onChange={(e) => setKeys(e.target.value)} aria-invalid={err('keys') ? true : undefined} aria-describedby={describedBy('keys', false)} />
        {error('keys')}
      </div>
      {yesNo('logbookPresent', 'Do you have the V5C logbook?', logbook, setLogbook)}
      {yesNo('damage', 'Does it have any damage?', damage, setDamage)}
      {damage === 'yes' && (
        <div className="fc-field">
          <label htmlFor={id('damageDescription')}>Describe the damage</label>
          <textarea id={id('damageDescription')} maxLength={500} rows={3} value={damageText} onChange={(e) => setDamageText(e.target.value)} aria-invalid={err('damageDescription') ? true : undefined} aria-describedby={describedBy('damageDescription', true)} />
          <p id={`${id('damageDescription')}-hint`} className="fc-hint">A few words, for example “scratched tank, bent lever”.</p>
          {error('damageDescription')}
        </div>
      )}
      <div className="fc-field">
        <label htmlFor={id('outstanding')}>Outstanding finance (£)</label>
        <input id={id('outstanding')} type="number" inputMode="decimal" min={0} step={1} value={outstanding} onChange={(e) => setOutstanding(e.target.value)} aria-invalid={err('outstandingFinancePence') ? true : undefined} aria-describedby={[`${id('outstanding')}-hint`, err('outstandingFinancePence') ? `${id('outstanding')}-error` : null].filter(Boolean).join(' ')} />
        <p id={`${id('outstanding')}-hint`} className="fc-hint">What you still owe on it, if anything (0 if nothing). We settle it for you.</p>
        {err('outstandingFinancePence') && <p id={`${id('outstanding')}-error`} className="fc-error">{err('outstandingFinancePence')}</p>}
      </div>
      <button type="submit" className="button button--solid" disabled={busy}>
        {busy ? 'Valuing…' : 'Value my bike'}
      </button>
    </form>
  )
}
