'use client'
// The test ride form: a free day and time on this bike, the rider's licence (checked against the bike on
// the server) and the dealer's terms. A plain form without JavaScript.
import { useActionState } from 'react'
import { RIDER_LICENCE_LABELS, RIDER_LICENCES } from '../../../domain/booking/licence'
import { bookTestRideAction } from '../actions.server'
import { IDLE } from '../form-state'
import { ContactDetails, type ContactDefaults } from './contact-details'
import { FormMessage, Group, fieldId } from '../../../components/ui/form-field'
import { useDocumentLoad } from './use-document-load'

interface Props {
  readonly productId: number
  readonly bikeName: string
  readonly categoryNeeded: string
  readonly slots: readonly { day: string; label: string; windows: readonly string[] }[]
  readonly defaults: ContactDefaults
  readonly terms: string
}

export function TestRideForm({ productId, bikeName, categoryNeeded, slots, defaults, terms }: Props) {
  const [state, action, pending] = useActionState(bookTestRideAction, IDLE)
  const leaving = useDocumentLoad(state)
  const v = state.values ?? {}
  const e = state.fieldErrors ?? {}
  const text = (name: string, fallback = '') => (typeof v[name] === 'string' ? (v[name] as string) : fallback)
  return (
    <form action={action} className="account-form account-form--wide booking-form" noValidate>
      <FormMessage status={state.status} message={state.message}>
        {state.nextDays?.length ? <p className="booking-next">Next free times on this bike: {state.nextDays.map((d) => d.label).join(', ')}.</p> : null}
      </FormMessage>
      <input type="hidden" name="productId" value={productId} />

      <Group name="licence" legend="1. Your licence" error={e.licence} hint={`The ${bikeName} needs a category ${categoryNeeded} licence (or higher).`}>
        <div className="booking-choices">
          {RIDER_LICENCES.map((l) => (
            <label key={l} className="booking-choice booking-choice--compact">
              <input type="radio" name="licence" value={l} defaultChecked={text('licence') === l} />
              <span className="booking-choice__name">{RIDER_LICENCE_LABELS[l]}</span>
            </label>
          ))}
        </div>
      </Group>

      <Group name="slot" legend="2. Day and time" error={e.slot} hint="Times are UK time; the ride lasts about an hour including the briefing.">
        {slots.length === 0 ? <p>This bike has no free test ride times in the next weeks. Please call us.</p> : (
          <div className="booking-slots">
            {slots.map((s) => (
              <div key={s.day} role="group" aria-labelledby={`${fieldId('slot')}-${s.day}`} className="booking-slots__day">
                <p className="booking-slots__label" id={`${fieldId('slot')}-${s.day}`}>{s.label}</p>
                {s.windows.map((w) => (
                  <label key={w} className="booking-day">
                    <input type="radio" name="slot" value={`${s.day} ${w}`} defaultChecked={text('slot') === `${s.day} ${w}`} />
                    <span className="booking-day__date">{w}</span>
                  </label>
                ))}
              </div>
            ))}
          </div>
        )}
      </Group>

      <ContactDetails legend="3. Your details" defaults={defaults} text={text} errors={e} />

      <div className={`field${e.acceptTerms ? ' field--error' : ''}`}>
        <p className="booking-terms" id={`${fieldId('acceptTerms')}-terms`}>{terms}</p>
        <label className="checkbox">
          <input type="checkbox" name="acceptTerms" aria-describedby={[`${fieldId('acceptTerms')}-terms`, e.acceptTerms ? `${fieldId('acceptTerms')}-error` : ''].filter(Boolean).join(' ')} aria-invalid={e.acceptTerms ? true : undefined} /> I accept the test ride terms and will bring my licence
        </label>
        {e.acceptTerms && <p className="field__error" id={`${fieldId('acceptTerms')}-error`}>{e.acceptTerms}</p>}
      </div>
      <button type="submit" className="button button--solid" disabled={pending || leaving}>{pending ? 'Booking…' : 'Book the test ride'}</button>
    </form>
  )
}
