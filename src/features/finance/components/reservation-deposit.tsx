// A reserved bike's finance steps (ADR 011): how the reservation deposit already paid counts towards the deposit,
// with the server's own figures, and what a refusal of the reservation offers (the way back to it).
import { paths } from '../../../config/paths'
import { formatPence } from '../../../domain/money'
import type { FinanceReservation } from '../finance-reservation'

export function ReservationDeposit({ reservation }: { readonly reservation: FinanceReservation }) {
  const f = reservation.figures
  return (
    <section className="fc-reservation" aria-labelledby="fc-reservation-title" data-testid="reservation-deposit">
      <h2 id="fc-reservation-title">Your reservation deposit</h2>
      {f ? (
        <>
          <p>
            The {formatPence(f.depositPaidPence)} reservation deposit you have already paid ({f.reservationNumber}) counts towards your deposit of {formatPence(f.depositPence)}; it is not added on top.
          </p>
          <p>
            Still to pay on signing: <strong>{formatPence(f.depositToPayPence)}</strong>
          </p>
        </>
      ) : (
        <p>The reservation deposit you have already paid counts towards your deposit. We show the figures with your quote.</p>
      )}
      <p className="fc-hint">
        A reserved bike is financed on its own online; accessories can be added to the agreement at the dealership. <a href={paths.manageReservation(reservation.token)}>Back to your reservation</a>
      </p>
    </section>
  )
}

/** The server refused the reservation (link not valid or expired, no longer active): say so, and offer the way back. */
export function ReservationProblem({ message, token, onWithout }: { readonly message: string; readonly token: string; readonly onWithout?: () => void }) {
  return (
    <div className="fc-alert" role="alert" data-testid="reservation-problem">
      <p>{message}</p>
      <p className="fc-alert__actions">
        <a className="button button--solid" href={paths.manageReservation(token)}>
          Back to your reservation
        </a>
        {onWithout && (
          <button type="button" className="button" onClick={onWithout}>
            Get a quote without the reservation
          </button>
        )}
      </p>
    </div>
  )
}
