'use client'
// The bicycle service booking form. Without JavaScript it is a plain form that posts to the server action;
// with it, days that cannot take the chosen job (tier plus extras) are greyed out as the customer chooses.
import { useActionState, useState } from 'react'
import { durationLabel } from '../../../domain/booking/duration-label'
import { formatPence } from '../../../domain/money'
import { bookServiceAction } from '../actions.server'
import { BIKE_TYPES } from '../../../domain/booking/service-pricing'
import { IDLE } from '../form-state'
import { ContactDetails, type ContactDefaults } from './contact-details'
import { Field, FormMessage, Group, fieldId } from '../../../components/ui/form-field'
import { useDocumentLoad } from './use-document-load'

export interface TierChoice {
  readonly id: number
  readonly name: string
  readonly description: string
  readonly pricePence: number
  readonly minutes: number
  readonly eBikeOnly: boolean
}

export interface DayChoice {
  readonly day: string
  readonly weekday: string
  readonly label: string
  readonly remaining: number
}

interface Props {
  readonly tiers: readonly TierChoice[]
  readonly addOns: readonly TierChoice[]
  readonly days: readonly DayChoice[]
  readonly defaults: ContactDefaults
  readonly terms: string
  readonly dropOffTimes: string
  readonly initialTier?: number
}

export function ServiceBookingForm({ tiers, addOns, days, defaults, terms, dropOffTimes, initialTier }: Props) {
  const [state, action, pending] = useActionState(bookServiceAction, IDLE)
  const leaving = useDocumentLoad(state)
  const v = state.values ?? {}
  const e = state.fieldErrors ?? {}
  const [tierId, setTierId] = useState<string>(typeof v.tierId === 'string' && v.tierId ? v.tierId : String(initialTier ?? tiers[0]?.id ?? ''))
  const [chosenAddOns, setChosenAddOns] = useState<string[]>(Array.isArray(v.addOnIds) ? [...v.addOnIds] : [])
  const minutes = (tiers.find((t) => String(t.id) === tierId)?.minutes ?? 0) + addOns.filter((a) => chosenAddOns.includes(String(a.id))).reduce((s, a) => s + a.minutes, 0)
  const total = (tiers.find((t) => String(t.id) === tierId)?.pricePence ?? 0) + addOns.filter((a) => chosenAddOns.includes(String(a.id))).reduce((s, a) => s + a.pricePence, 0)
  const text = (name: string, fallback = '') => (typeof v[name] === 'string' ? (v[name] as string) : fallback)

  return (
    <form action={action} className="account-form account-form--wide booking-form" noValidate>
      <FormMessage status={state.status} message={state.message}>
        {state.nextDays?.length ? <p className="booking-next">Next free days for this job: {state.nextDays.map((d) => d.label).join(', ')}.</p> : null}
      </FormMessage>

      <Group name="tierId" legend="1. Choose your service" error={e.tierId ?? e.tier}>
        <div className="booking-choices">
          {tiers.map((t) => (
            <label key={t.id} className="booking-choice">
              <input type="radio" name="tierId" value={t.id} checked={tierId === String(t.id)} onChange={() => setTierId(String(t.id))} />
              <span className="booking-choice__name">{t.name}{t.eBikeOnly ? ' (e-bikes)' : ''}</span>
              <span className="booking-choice__price">{formatPence(t.pricePence)}</span>
              <span className="booking-choice__meta">{t.description} Workshop time about {durationLabel(t.minutes)}.</span>
            </label>
          ))}
        </div>
      </Group>

      {addOns.length > 0 && (
        <Group name="addOnIds" legend="2. Extras (optional)" error={e.addOnIds ?? e.addOns}>
          <div className="booking-choices">
            {addOns.map((a) => (
              <label key={a.id} className="booking-choice">
                <input
                  type="checkbox"
                  name="addOnIds"
                  value={a.id}
                  checked={chosenAddOns.includes(String(a.id))}
                  onChange={(ev) => setChosenAddOns((c) => (ev.target.checked ? [...c, String(a.id)] : c.filter((x) => x !== String(a.id))))}
                />
                <span className="booking-choice__name">{a.name}</span>
                <span className="booking-choice__price">+{formatPence(a.pricePence)}</span>
              </label>
            ))}
          </div>
        </Group>
      )}

      <p className="booking-total" aria-live="polite">Price: <strong>{formatPence(total)}</strong> (VAT included, paid on collection) · workshop time about {durationLabel(minutes)}</p>

      <Group name="day" legend="3. Drop-off day" error={e.day} hint={`Bring your bike in ${dropOffTimes}. Greyed-out days are full for this job.`}>
        {days.length === 0 ? (
          <p>We have no free days in the booking window. Please call us.</p>
        ) : (
          <div className="booking-calendar">
            {days.map((d) => {
              const full = d.remaining < minutes
              return (
                <label key={d.day} className={`booking-day${full ? ' booking-day--full' : ''}`}>
                  <input type="radio" name="day" value={d.day} defaultChecked={text('day') === d.day} disabled={full} aria-describedby={full ? `${fieldId('day')}-full` : undefined} />
                  <span className="booking-day__weekday">{d.weekday}</span>
                  <span className="booking-day__date">{d.label}</span>
                </label>
              )
            })}
          </div>
        )}
        <p className="visually-hidden" id={`${fieldId('day')}-full`}>Full for this job</p>
      </Group>

      <Group name="bike" legend="4. Your bike">
        <div className="field-row">
          <Field name="make" label="Make" autoComplete="off" required maxLength={60} defaultValue={text('make')} error={e['bike.make']} />
          <Field name="model" label="Model (optional)" autoComplete="off" maxLength={80} defaultValue={text('model')} error={e['bike.model']} />
        </div>
        <div className={`field${e['bike.bikeType'] ? ' field--error' : ''}`}>
          <label htmlFor={fieldId('bikeType')}>Type of bike</label>
          <select id={fieldId('bikeType')} name="bikeType" defaultValue={text('bikeType', '')} aria-invalid={e['bike.bikeType'] ? true : undefined} aria-describedby={e['bike.bikeType'] ? `${fieldId('bikeType')}-error` : undefined}>
            <option value="">Choose…</option>
            {BIKE_TYPES.map((t) => <option key={t} value={t}>{t[0]!.toUpperCase() + t.slice(1)}</option>)}
          </select>
          {e['bike.bikeType'] && <p className="field__error" id={`${fieldId('bikeType')}-error`}>{e['bike.bikeType']}</p>}
        </div>
        <label className="checkbox"><input type="checkbox" name="eBike" defaultChecked={text('eBike') === 'on'} /> This is an e-bike</label>
        <div className={`field${e['bike.notes'] ? ' field--error' : ''}`}>
          <label htmlFor={fieldId('notes')}>Anything we should know? (optional)</label>
          <textarea id={fieldId('notes')} name="notes" rows={3} maxLength={1000} defaultValue={text('notes')} aria-describedby={e['bike.notes'] ? `${fieldId('notes')}-error` : undefined} />
          {e['bike.notes'] && <p className="field__error" id={`${fieldId('notes')}-error`}>{e['bike.notes']}</p>}
        </div>
      </Group>

      <ContactDetails legend="5. Your details" defaults={defaults} text={text} errors={e} />

      <Group name="extra" legend="6. Extra work">
        <Field
          name="extraWorkLimit"
          label="Pre-authorise extra work up to (£, optional)"
          inputMode="decimal"
          className="input--short"
          maxLength={9}
          defaultValue={text('extraWorkLimit')}
          hint="If we find worn parts we fit them without calling you up to this amount; above it we send you a quote to approve. Leave empty to be asked every time."
          error={e.extraWorkLimitPence}
        />
      </Group>

      <div className={`field${e.acceptTerms ? ' field--error' : ''}`}>
        <p className="booking-terms" id={`${fieldId('acceptTerms')}-terms`}>{terms}</p>
        <label className="checkbox">
          <input type="checkbox" name="acceptTerms" aria-describedby={[`${fieldId('acceptTerms')}-terms`, e.acceptTerms ? `${fieldId('acceptTerms')}-error` : ''].filter(Boolean).join(' ')} aria-invalid={e.acceptTerms ? true : undefined} /> I accept the workshop terms
        </label>
        {e.acceptTerms && <p className="field__error" id={`${fieldId('acceptTerms')}-error`}>{e.acceptTerms}</p>}
      </div>

      <button type="submit" className="button button--solid" disabled={pending || leaving}>{pending ? 'Booking…' : 'Book the service'}</button>
    </form>
  )
}
