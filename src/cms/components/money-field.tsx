'use client'
// The admin's money input: staff type and read pounds and pence ("8,399.00"); the form holds integer pence, as
// storage and the APIs do. Typed "40" is £40.00, never 40p. A price moved by more than half asks first, and the
// answer travels with the save (the virtual `confirmPriceChanges` field the server's check reads).
import { FieldDescription, FieldError, FieldLabel, useField, useFormFields, withCondition } from '@payloadcms/ui'
import type { NumberFieldClientComponent, StaticDescription, StaticLabel } from 'payload'
import { useCallback, useEffect, useRef, useState } from 'react'
import { formatPence } from '../../domain/money'
import { formatPoundsInput, isLargePriceChange, parsePounds, type MoneyInputRules } from '../../domain/money-input'
import { CONFIRM_PRICE_CHANGES, UNREADABLE_AMOUNT } from '../fields/money-constants'

export interface MoneyFieldProps {
  readonly rules?: MoneyInputRules
  /** Ask before a change of more than half (prices). */
  readonly confirmLargeChanges?: boolean
  /** A field that holds a percentage instead while a sibling has this value (a coupon's amount). */
  readonly percentWhen?: { readonly field: string; readonly equals: string }
}

/** A percentage as typed: a plain number, up to two decimals. */
function parsePercent(raw: string): { ok: true; value: number | null } | { ok: false; message: string } {
  const text = raw.trim().replace(/%$/, '').trim()
  if (text === '') return { ok: true, value: null }
  return /^\d+(\.\d{1,2})?$/.test(text) ? { ok: true, value: Number(text) } : { ok: false, message: 'Enter a percentage such as 10 or 12.5' }
}

const show = (value: unknown, percent = false): string => (typeof value === 'number' && Number.isFinite(value) ? (percent ? String(value) : Number.isSafeInteger(value) ? formatPoundsInput(value) : '') : '')

const MoneyInput: NumberFieldClientComponent = (props) => {
  const { field, path: pathFromProps, readOnly } = props
  const { rules, confirmLargeChanges, percentWhen } = props as typeof props & MoneyFieldProps
  const [problem, setProblem] = useState<string | null>(null)
  const validate = useCallback(() => (problem ? problem : true), [problem])
  const { path, value, initialValue, setValue, showError, disabled } = useField<number | string | null>({ potentiallyStalePath: pathFromProps, validate })
  const confirmation = useField<boolean | null>({ path: CONFIRM_PRICE_CHANGES })
  const siblingPath = percentWhen ? `${path.includes('.') ? path.slice(0, path.lastIndexOf('.') + 1) : ''}${percentWhen.field}` : ''
  const percent = useFormFields(([fields]) => (percentWhen ? fields[siblingPath]?.value === percentWhen.equals : false))
  const [text, setText] = useState(() => show(value, percent))
  const typing = useRef(false)
  // The amount staff last said yes to: the form already holds each amount as it is typed, so the question is
  // asked of the amount left in the field (on leaving it, or on Enter), once.
  const confirmedFor = useRef<number | null>(null)

  // A value changed from outside the input (the document loaded, a reset, the coupon's type) shows as typed.
  useEffect(() => {
    if (!typing.current && value !== UNREADABLE_AMOUNT) setText(show(value, percent))
  }, [value, percent])

  const commit = (raw: string, final: boolean) => {
    if (percent) {
      const asPercent = parsePercent(raw)
      setProblem(asPercent.ok ? null : asPercent.message)
      setValue(asPercent.ok ? asPercent.value : UNREADABLE_AMOUNT)
      return
    }
    const parsed = parsePounds(raw, rules)
    if (!parsed.ok) {
      setProblem(parsed.message)
      // Never a number the server would take for pence: it refuses this marker with the pounds message.
      setValue(UNREADABLE_AMOUNT)
      return
    }
    setProblem(null)
    const before = typeof initialValue === 'number' ? initialValue : null
    if (final && confirmLargeChanges && parsed.pence !== confirmedFor.current && isLargePriceChange(before, parsed.pence)) {
      const ok = window.confirm(`Change the price from ${formatPence(before!)} to ${formatPence(parsed.pence!)}? That is a change of more than half.`)
      if (!ok) {
        setText(show(before))
        setValue(before)
        return
      }
      confirmedFor.current = parsed.pence
      confirmation.setValue(true)
    }
    setValue(parsed.pence)
    if (final) setText(show(parsed.pence))
  }

  const locked = Boolean(readOnly || disabled)
  const label = field.label as StaticLabel | undefined
  const description = field.admin?.description as StaticDescription | undefined
  return (
    <div className={['field-type', 'number', 'money', field.admin?.className, (showError || problem) && 'error', locked && 'read-only'].filter(Boolean).join(' ')}>
      <FieldLabel label={label} path={path} required={field.required} />
      <div className="field-type__wrap">
        <FieldError path={path} showError={showError || Boolean(problem)} message={problem ?? undefined} />
        <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          {percent ? null : <span aria-hidden="true">£</span>}
          <input
            id={`field-${path.replace(/\./g, '__')}`}
            name={path}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-label={typeof label === 'string' ? `${label} in ${percent ? 'percent' : 'pounds'}` : undefined}
            placeholder={percent ? '10' : '0.00'}
            disabled={locked}
            value={text}
            onChange={(e) => {
              typing.current = true
              setText(e.target.value)
              commit(e.target.value, false)
            }}
            onKeyDown={(e) => {
              // Enter saves the form: the typed amount is checked (and a large change confirmed) first.
              if (e.key === 'Enter') commit(e.currentTarget.value, true)
            }}
            onBlur={(e) => {
              commit(e.target.value, true)
              typing.current = false
            }}
          />
          {percent ? <span aria-hidden="true">%</span> : null}
        </div>
        <FieldDescription description={description ?? 'In pounds and pence, VAT included: 8,399.00.'} path={path} />
      </div>
    </div>
  )
}

export const MoneyField = withCondition(MoneyInput)
