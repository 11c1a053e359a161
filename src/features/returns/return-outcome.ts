// What a step of the returns workflow answers, and who takes it: shared by cancellations, fault claims and exchanges.

export type Outcome<T = object> = ({ readonly ok: true } & T) | { readonly ok: false; readonly status: 400 | 404 | 409; readonly message: string }

export interface Actor {
  /** The signed-in user making the change (a customer on their order, or staff). */
  readonly by?: number
  readonly actor: string
}
