// The checkout's terms: the 14-day right to cancel as the Consumer Contracts Regulations ask it to be given before the
// order, and the box the customer ticks to accept the terms, its message above it.
import { CANCELLATION_DAYS, REFUND_DAYS } from '../../../domain/consumer-rights'
import { paths } from '../../../config/paths'
import { FieldError } from '../../../components/ui/form-field'

export function CheckoutTerms({ accepted, error, onChange }: { accepted: boolean; error?: string; onChange: (accepted: boolean) => void }) {
  return (
    <fieldset className="checkout-terms">
      <legend>Terms and your right to cancel</legend>
      <p>
        You have the right to cancel your order within {CANCELLATION_DAYS} days of receiving the goods, without giving a reason, under the Consumer
        Contracts (Information, Cancellation and Additional Charges) Regulations 2013. We refund you within {REFUND_DAYS} days of getting the goods
        back. See our <a href={paths.page('terms')}>terms and conditions</a> and <a href={paths.page('returns')}>returns and cancellation</a>. To cancel,
        send us any clear statement that you cancel, or use the <a href={paths.modelCancellationForm()}>model cancellation form</a> (we also email it to you).
      </p>
      <div className={`checkbox${error ? ' field--error' : ''}`}>
        {error && <FieldError id="checkout-acceptTerms-error">{error}</FieldError>}
        <input
          id="checkout-acceptTerms"
          type="checkbox"
          name="acceptTerms"
          checked={accepted}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'checkout-acceptTerms-error' : undefined}
        />
        <label htmlFor="checkout-acceptTerms">I have read the terms and conditions and my 14-day right to cancel</label>
      </div>
    </fieldset>
  )
}
