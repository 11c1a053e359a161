// A reserved bike being financed (ADR 011): the finance checkout keeps the signed link token from the reservation
// email, for this bike only, and the figures the server's last quote answer gave. The token is opaque here: the
// server checks it on every quote and on the application, and every figure shown comes from its answers.
// Free of zod on purpose: the steps import it with their first-load JavaScript.

/** What `POST /api/finance/quotes` answers beside the quotes when it was given a reservation token. */
export interface ReservationQuoteFigures {
  readonly reservationNumber: string
  /** The reservation deposit already paid. */
  readonly depositPaidPence: number
  /** The whole deposit quoted, which includes the deposit already paid. */
  readonly depositPence: number
  /** What is left of the deposit to pay on signing. */
  readonly depositToPayPence: number
}

export interface FinanceReservation {
  readonly token: string
  /** The bike the token was followed to; on any other bike the reservation is ignored. */
  readonly productId: number
  /** From the last quote answer; null until one arrives. */
  readonly figures: ReservationQuoteFigures | null
}

// A signed link (cms/auth/signed-links.ts): a JWT's three base64url parts, or an older link's two (still read until
// they expire). As long as the servers' schemas allow (2,048 characters).
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)?$/
const TOKEN_MAX = 2048

/** A string shaped like a reservation link token; says nothing about whether it is genuine. */
export function looksLikeReservationToken(value: unknown): value is string {
  return typeof value === 'string' && value.length <= TOKEN_MAX && TOKEN_SHAPE.test(value)
}

/** The reservation when it applies to the bike on this step, else null. */
export function reservationFor(reservation: FinanceReservation | null, productId: number): FinanceReservation | null {
  return reservation && reservation.productId === productId ? reservation : null
}
