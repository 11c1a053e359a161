'use client'
// The admin's "Look up registration" for a used bike: staff type the registration and the bike's DVLA record, its
// MOT history, make and engine size fill in the product's fields (still to be saved). Failures read as the server
// words them (unknown registration, the service busy or slow); a lower MOT mileage is said at once.
import { useForm, useFormFields } from '@payloadcms/ui'
import { useId, useState } from 'react'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import { numberText } from '../../../lib/text/number-text'

interface Answer {
  readonly registration: string
  readonly vehicle: { make: string; colour: string | null; engineCc: number | null; yearOfManufacture: number | null; fuelType: string | null; taxStatus: string | null; taxDueDate: string | null; motStatus: string | null; motExpiryDate: string | null }
  readonly brandId: number | null
  readonly motTests: unknown[] | null
  readonly motMessage: string | null
  readonly mileageDrops: { date: string; miles: number; earlierDate: string; earlierMiles: number }[]
  readonly lookedUpAt: string
}

const day = (iso: string | null) => (iso ? `${iso}T12:00:00.000Z` : null)

export function RegistrationLookup() {
  const { dispatchFields, setModified } = useForm()
  const stored = useFormFields(([fields]) => fields['vehicle.vrm']?.value as string | undefined)
  const [registration, setRegistration] = useState(stored ?? '')
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<{ kind: 'ok' | 'error' | 'warning'; text: string }[]>([])
  const id = useId()

  async function lookUp() {
    setBusy(true)
    setNote([])
    try {
      const answer = await callApi<Answer>(paths.api.usedBikeLookup(), { method: 'POST', body: { registration } })
      if (!answer.ok || !answer.body.vehicle) return setNote([{ kind: 'error', text: (!answer.ok ? answer.body?.message : undefined) ?? 'The lookup failed. Try again, or fill the details in by hand.' }])
      const a = answer.body
      const set = (path: string, value: unknown) => dispatchFields({ type: 'UPDATE', path, value, initialValue: undefined })
      set('vehicle.vrm', a.registration)
      set('usedBike.make', a.vehicle.make)
      set('usedBike.colour', a.vehicle.colour)
      set('usedBike.fuelType', a.vehicle.fuelType)
      set('usedBike.yearOfManufacture', a.vehicle.yearOfManufacture)
      set('usedBike.taxStatus', a.vehicle.taxStatus)
      set('usedBike.taxDueDate', day(a.vehicle.taxDueDate))
      set('usedBike.motStatus', a.vehicle.motStatus)
      set('usedBike.motExpiryDate', day(a.vehicle.motExpiryDate))
      set('usedBike.lookedUpAt', a.lookedUpAt)
      if (a.motTests) set('usedBike.motTests', a.motTests)
      if (a.vehicle.engineCc !== null) set('attributes.engineCc', a.vehicle.engineCc)
      if (a.vehicle.yearOfManufacture !== null) set('attributes.modelYear', a.vehicle.yearOfManufacture)
      if (a.brandId !== null) set('brand', a.brandId)
      setModified(true)
      const notes: { kind: 'ok' | 'error' | 'warning'; text: string }[] = [
        { kind: 'ok', text: `Filled in from DVLA: ${a.vehicle.make}${a.vehicle.colour ? `, ${a.vehicle.colour.toLowerCase()}` : ''}${a.vehicle.engineCc ? `, ${a.vehicle.engineCc} cc` : ''}${a.vehicle.yearOfManufacture ? `, ${a.vehicle.yearOfManufacture}` : ''}. ${a.motTests ? `${a.motTests.length} MOT tests read.` : ''} Save to keep them.` },
      ]
      if (a.motMessage) notes.push({ kind: 'warning', text: a.motMessage })
      for (const d of a.mileageDrops) notes.push({ kind: 'warning', text: `Mileage warning: ${numberText(d.miles)} miles on ${d.date} is lower than ${numberText(d.earlierMiles)} on ${d.earlierDate}. Look into it before publishing.` })
      setNote(notes)
    } catch {
      setNote([{ kind: 'error', text: 'The shop could not be reached. Check the connection and try again.' }])
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="field-type registration-lookup" style={{ marginBottom: 'var(--base)' }}>
      <label className="field-label" htmlFor={`${id}-vrm`}>
        Registration to look up
      </label>
      <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
        <input id={`${id}-vrm`} data-testid="registration-lookup-input" value={registration} maxLength={12} autoComplete="off" onChange={(e) => setRegistration(e.target.value)} style={{ maxWidth: '12rem' }} />
        <button type="button" className="btn btn--style-secondary btn--size-small" data-testid="registration-lookup" disabled={busy || registration.trim() === ''} onClick={() => void lookUp()}>
          {busy ? 'Looking up…' : 'Look up registration'}
        </button>
      </div>
      <div role="status" aria-live="polite" data-testid="registration-lookup-result">
        {note.map((n, i) => (
          <p key={i} style={{ color: n.kind === 'error' ? 'var(--theme-error-500)' : n.kind === 'warning' ? 'var(--theme-warning-500)' : undefined, fontWeight: n.kind === 'ok' ? undefined : 600 }}>
            {n.text}
          </p>
        ))}
      </div>
    </div>
  )
}
