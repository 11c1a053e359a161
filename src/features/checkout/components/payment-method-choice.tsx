'use client'
// How the customer pays: by card, with Klarna's Pay in 3 where it suits the basket, or with a Cycle to Work certificate
// where the basket holds eligible goods (any balance by card). An unavailable choice says why; the chosen Pay in 3
// shows its instalments, the lender and what a missed payment means before the order is placed (ADR 052); the chosen
// certificate asks for its scheme, number, redemption code and value (ADR 053).
import { formatPence } from '../../../domain/money'
import type { PayLaterVerdict } from '../../../domain/payments/pay-later'
import type { CycleToWorkOffer } from '../../basket/pricing-contract'
import { InstalmentList, PAY_IN_3_LENDER, PAY_IN_3_MISSED } from '../../payments/components/pay-in-3-terms'
import { Field, FieldError } from '../../../components/ui/form-field'

export type PaymentMethod = 'card' | 'klarna' | 'cycle_to_work'

/** The certificate as the customer types it (its value in pounds, as printed). */
export interface CertificateFields {
  readonly scheme: string
  readonly number: string
  readonly redemptionCode: string
  readonly value: string
}

export type CertificateErrors = Partial<Record<keyof CertificateFields, string>>

export function PaymentMethodChoice({
  payLater,
  cycleToWork,
  method,
  onChange,
  certificate,
  certificateErrors,
  onCertificate,
}: {
  payLater?: PayLaterVerdict
  cycleToWork?: CycleToWorkOffer
  method: PaymentMethod
  onChange: (method: PaymentMethod) => void
  certificate: CertificateFields
  certificateErrors: CertificateErrors
  onCertificate: (field: keyof CertificateFields, value: string) => void
}) {
  const klarna = payLater?.available === true
  const c2w = cycleToWork?.available === true
  return (
    <fieldset className="payment-method">
      <legend>How would you like to pay?</legend>
      <div className="checkbox payment-method__option">
        <input id="pay-card" type="radio" name="paymentMethod" value="card" checked={method === 'card'} onChange={() => onChange('card')} aria-describedby="pay-card-hint" />
        <label htmlFor="pay-card">Card</label>
        <p className="field__hint" id="pay-card-hint">You pay the full amount on our card payment page next; your card details never pass through this site.</p>
      </div>
      <div className="checkbox payment-method__option">
        <input id="pay-klarna" type="radio" name="paymentMethod" value="klarna" checked={method === 'klarna'} disabled={!klarna} onChange={() => onChange('klarna')} aria-describedby="pay-klarna-hint" />
        <label htmlFor="pay-klarna">Pay in 3 with Klarna</label>
        <div className="field__hint" id="pay-klarna-hint">
          {!payLater ? (
            <p>Checking whether Pay in 3 suits this basket…</p>
          ) : payLater.available ? (
            <>
              <p>Three interest-free payments, the first today, on Klarna’s page next:</p>
              {method === 'klarna' && <InstalmentList instalments={payLater.instalments} />}
              {method === 'klarna' && <p>{PAY_IN_3_LENDER} {PAY_IN_3_MISSED}</p>}
            </>
          ) : (
            <p data-testid="pay-in-3-reason">{payLater.message}</p>
          )}
        </div>
      </div>
      <div className="checkbox payment-method__option">
        <input id="pay-cycle-to-work" type="radio" name="paymentMethod" value="cycle_to_work" checked={method === 'cycle_to_work'} disabled={!c2w} onChange={() => onChange('cycle_to_work')} aria-describedby="pay-cycle-to-work-hint" />
        <label htmlFor="pay-cycle-to-work">Cycle to Work certificate</label>
        <div className="field__hint" id="pay-cycle-to-work-hint">
          {!cycleToWork ? (
            <p>Checking whether a certificate can pay for this basket…</p>
          ) : c2w ? (
            <p>
              For bicycles, e-bikes and their safety equipment: up to {formatPence(cycleToWork.eligiblePence)} of this basket. A certificate is used in full in one order; any balance is paid by card. We confirm it with the scheme before your order goes ahead, holding the goods for you.
            </p>
          ) : (
            <p data-testid="cycle-to-work-reason">{cycleToWork.message}</p>
          )}
        </div>
      </div>
      {method === 'cycle_to_work' && c2w && (
        <div className="payment-method__certificate" data-testid="certificate-fields">
          <div className={`field${certificateErrors.scheme ? ' field--error' : ''}`}>
            <label htmlFor="certificate-scheme">Scheme</label>
            {certificateErrors.scheme && <FieldError id="certificate-scheme-error">{certificateErrors.scheme}</FieldError>}
            <select id="certificate-scheme" value={certificate.scheme} onChange={(e) => onCertificate('scheme', e.target.value)} aria-invalid={certificateErrors.scheme ? true : undefined} aria-describedby={certificateErrors.scheme ? 'certificate-scheme-error' : undefined}>
              <option value="">Choose your scheme</option>
              {cycleToWork!.schemes.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <Field id="certificate-number" name="certificate.number" label="Certificate number" error={certificateErrors.number} errorAbove value={certificate.number} autoComplete="off" spellCheck={false} onChange={(e) => onCertificate('number', e.target.value)} />
          <Field id="certificate-redemption-code" name="certificate.redemptionCode" label="Redemption code" error={certificateErrors.redemptionCode} errorAbove value={certificate.redemptionCode} autoComplete="off" spellCheck={false} onChange={(e) => onCertificate('redemptionCode', e.target.value)} />
          <Field
            id="certificate-value"
            name="certificate.value"
            label="Certificate value (£)"
            hint="As printed on the certificate, such as 1,000.00."
            error={certificateErrors.value}
            errorAbove
            fieldClassName="field--short"
            inputMode="decimal"
            value={certificate.value}
            autoComplete="off"
            onChange={(e) => onCertificate('value', e.target.value)}
          />
        </div>
      )}
    </fieldset>
  )
}
