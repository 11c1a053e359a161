'use client'
// What the customer is offered when their lender refuses a change (an accessory, a term): one button for each
// alternative the quote call worked out, each saying what it does and what it costs a month. There is no "Try
// again" here: asking the same lender the same thing again would only repeat the refusal.
import { formatPence } from '../../../domain/money'
import type { OfferedQuote } from '../finance-client'
import type { OfferedAlternative } from '../quote-alternatives'

type Alternative = OfferedAlternative<OfferedQuote>

interface Props {
  readonly message: string
  readonly alternatives: readonly Alternative[]
  /** The label of the quote without the change, in the words of the change: "Remove the Shoei NXR2 Helmet". */
  readonly withoutChangeLabel: string
  readonly busy?: boolean
  readonly onChoose: (alternative: Alternative) => void
}

export function alternativeLabel(alternative: Alternative, withoutChangeLabel: string): string {
  const monthly = `${formatPence(alternative.regularPaymentPence)} a month`
  if (alternative.kind === 'deposit') return `Raise my deposit to ${formatPence(alternative.depositPence)} with ${alternative.lenderName} (${monthly})`
  if (alternative.kind === 'lender') return `Switch to ${alternative.lenderName}, ${alternative.facilityType} (${monthly})`
  return `${withoutChangeLabel} (${monthly} with ${alternative.lenderName})`
}

export function RefusalChoices({ message, alternatives, withoutChangeLabel, busy = false, onChoose }: Props) {
  return (
    <div className="fc-alert" role="alert" data-testid="fc-refusal">
      <p>{message}</p>
      {alternatives.length > 0 ? (
        <>
          <p>{alternatives.length === 1 ? 'This would work instead:' : 'Any of these would work instead:'}</p>
          <div className="fc-alert__actions fc-alternatives">
            {alternatives.map((alternative) => (
              <button key={`${alternative.kind}-${alternative.funderCode}-${alternative.facilityType}`} type="button" className="button button--solid" disabled={busy} onClick={() => onChoose(alternative)} data-testid={`fc-alternative-${alternative.kind}`}>
                {alternativeLabel(alternative, withoutChangeLabel)}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p>No lender on our panel could quote this change. Undo it to carry on, or call us and we will look at it with you.</p>
      )}
    </div>
  )
}
