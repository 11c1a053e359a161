'use client'
// "Value my bike" on the finance product step: registration, mileage, condition and any outstanding
// finance give a trade-in guide, which the customer may apply to their quotes as a part-exchange. A valuation made on
// the value-my-bike page is offered here too; once the shop's hold on it is over it says so and asks again.
import { formatPence } from '../../../domain/money'
import { valuationDay } from '../../../domain/part-exchange/valuation-hold'
import { displayVrm } from '../../../domain/part-exchange/vrm'
import type { QuotedPartExchange } from '../finance-client'
import { keptExpired, type IssuedValuation, type KeptPartExchange } from '../part-exchange-client'
import { ValuationForm } from './valuation-form'
import { numberText } from '../../../lib/text/number-text'

export const INSPECTION_NOTE = 'Subject to inspection: the dealer confirms the figure when they see your bike.'

interface Props {
  readonly kept: KeptPartExchange | null
  readonly onChange: (kept: KeptPartExchange | null) => void
}

/** The valuation's bike and figures, as the customer was given them. */
export function ValuationFigures({ valuation: v }: { readonly valuation: IssuedValuation }) {
  return (
    <>
      <p>
        {displayVrm(v.vrm)}, {v.make}, {v.year}, {numberText(v.mileage)} miles
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
    </>
  )
}

/** A kept valuation whose hold is over: when it ended, and the way to value the bike again. */
export function ExpiredValuation({ valuation, onValueAgain, headingId, headingLevel = 2 }: { readonly valuation: IssuedValuation; readonly onValueAgain: () => void; readonly headingId: string; readonly headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <>
      <Heading id={headingId}>Your valuation has expired</Heading>
      <p data-testid="valuation-expired">
        Your valuation of {displayVrm(valuation.vrm)} expired on <time dateTime={valuation.expiresAt}>{valuationDay(valuation.expiresAt)}</time>. Value your bike again for a figure we can hold for you.
      </p>
      <div className="fc-px__actions">
        <button type="button" className="button button--solid" onClick={onValueAgain}>
          Value my bike again
        </button>
      </div>
    </>
  )
}

export function PartExchangeValuation({ kept, onChange }: Props) {
  if (kept && keptExpired(kept)) {
    return (
      <section className="fc-px" aria-labelledby="fc-px-title" data-testid="part-exchange">
        <ExpiredValuation valuation={kept.valuation} onValueAgain={() => onChange(null)} headingId="fc-px-title" />
      </section>
    )
  }

  if (kept) {
    const v = kept.valuation
    return (
      <section className="fc-px" aria-labelledby="fc-px-title" data-testid="part-exchange">
        <h2 id="fc-px-title">Your part-exchange</h2>
        <ValuationFigures valuation={v} />
        <p className="fc-hint">
          {INSPECTION_NOTE} Held until <time dateTime={v.expiresAt}>{valuationDay(v.expiresAt)}</time>.
        </p>
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

  return (
    <section className="fc-px" aria-labelledby="fc-px-title" data-testid="part-exchange">
      <h2 id="fc-px-title">Value my bike</h2>
      <p className="fc-hint">Part-exchange your current bike: we value it now and take it off what you borrow. {INSPECTION_NOTE}</p>
      <ValuationForm idPrefix="fc-px" onValued={(valuation) => onChange({ valuation, applied: false })} />
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
