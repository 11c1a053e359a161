'use client'
// The value-my-bike page's body: the form, then "your valuation" with its figures, the trade range, the inspection
// note and the day the shop holds it until; an expired one says when it expired and asks again. The valuation is kept
// where the finance checkout and the reservation form read it, so neither asks again.
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { paths } from '../../../config/paths'
import { formatPence } from '../../../domain/money'
import { VALUATION_HOLD_DAYS, valuationDay } from '../../../domain/part-exchange/valuation-hold'
import { keepPartExchange, keptExpired, partExchangeSnapshot, serverPartExchangeSnapshot, subscribePartExchange } from '../part-exchange-client'
import { ExpiredValuation, INSPECTION_NOTE, ValuationFigures } from './part-exchange'
import { ValuationForm } from './valuation-form'
import '../finance.css'
import './value-my-bike.css'

export function ValueMyBike() {
  const kept = useSyncExternalStore(subscribePartExchange, partExchangeSnapshot, serverPartExchangeSnapshot)
  const result = useRef<HTMLHeadingElement>(null)
  const justValued = useRef(false)
  // After valuing, the figure replaces the form: move focus to it so a screen reader reads it out.
  useEffect(() => {
    if (kept && justValued.current) {
      justValued.current = false
      result.current?.focus()
    }
  }, [kept])

  if (kept && keptExpired(kept)) {
    return (
      <section className="fc-px vmb" aria-labelledby="vmb-title" data-testid="your-valuation">
        <ExpiredValuation valuation={kept.valuation} onValueAgain={() => keepPartExchange(null)} headingId="vmb-title" />
      </section>
    )
  }

  if (kept) {
    const v = kept.valuation
    return (
      <section className="fc-px vmb" aria-labelledby="vmb-title" data-testid="your-valuation">
        <h2 id="vmb-title" ref={result} tabIndex={-1}>
          Your valuation
        </h2>
        <p className="vmb__figure">
          We value your bike at <strong data-testid="valuation-figure">{formatPence(v.valuePence)}</strong>
        </p>
        <ValuationFigures valuation={v} />
        <p>{INSPECTION_NOTE}</p>
        <p data-testid="valuation-held">
          We hold this valuation for {VALUATION_HOLD_DAYS} days, until <time dateTime={v.expiresAt}>{valuationDay(v.expiresAt)}</time>. Choose a bike and buy it on finance or reserve it: your valuation goes with you.
        </p>
        <div className="fc-px__actions">
          <a className="button button--solid" href={paths.allBikes()}>
            Choose your next bike
          </a>
          <button type="button" className="button" onClick={() => keepPartExchange(null)}>
            Value another bike
          </button>
        </div>
      </section>
    )
  }

  return (
    <section className="fc-px vmb" aria-labelledby="vmb-form-title">
      <h2 id="vmb-form-title">Tell us about your bike</h2>
      <p className="fc-hint">All fields are needed unless they say otherwise. {INSPECTION_NOTE}</p>
      <ValuationForm
        idPrefix="vmb"
        onValued={(valuation) => {
          justValued.current = true
          keepPartExchange({ valuation, applied: false })
        }}
      />
    </section>
  )
}
