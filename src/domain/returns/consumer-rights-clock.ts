// The clocks of after-sale rights, on UK calendar days (YYYY-MM-DD):
// - the right to cancel a distance contract (Consumer Contracts Regulations 2013, regs. 29–31 and 34): 14 days
//   from the day after the goods are delivered or collected; the refund within 14 days of getting the goods back
//   or evidence they were sent, whichever is first (14 days from the cancellation when nothing was delivered);
// - the remedy for faulty goods (Consumer Rights Act 2015, ss. 19–24), from the day of delivery: the short-term
//   right to reject within 30 days; after that a repair or replacement first; within 6 months a fault is presumed
//   to have been there at delivery, after 6 months the customer has to show it was; a deduction for use only on
//   a motor vehicle (s. 24(10)–(11)) or, for other goods, on a final rejection after 6 months.
import { addDays, daysBetween, type IsoDay } from '../booking/calendar'
import { CANCELLATION_DAYS, REFUND_DAYS } from '../consumer-rights'
import type { ProductKind } from '../catalogue/product-kind'

/** The short-term right to reject lasts this many days from the day after delivery (CRA 2015 s. 22(3)). */
export const SHORT_TERM_REJECT_DAYS = 30
/** A fault that shows within this many months of delivery is presumed to have been there (CRA 2015 s. 19(14)). */
export const FAULT_PRESUMPTION_MONTHS = 6

/** The last day the customer may cancel: 14 days after the day of delivery or collection. */
export function cancellationLastDay(deliveredOn: IsoDay): IsoDay {
  return addDays(deliveredOn, CANCELLATION_DAYS)
}

/** Whether a cancellation sent on `on` is in time (on or before the last day; before delivery always is). */
export function mayCancel(deliveredOn: IsoDay | null, on: IsoDay): boolean {
  return deliveredOn === null || on <= cancellationLastDay(deliveredOn)
}

export interface RefundClockFacts {
  readonly cancelledOn: IsoDay
  /** Null when the goods were never delivered (cancelled before handover). */
  readonly deliveredOn: IsoDay | null
  readonly goodsReceivedOn?: IsoDay | null
  readonly proofOfReturnOn?: IsoDay | null
}

/**
 * The last day the refund may be made, or null while the shop is still waiting for the goods or evidence of
 * their return (it may wait, reg. 34(5)).
 */
export function refundLastDay(facts: RefundClockFacts): IsoDay | null {
  if (facts.deliveredOn === null) return addDays(facts.cancelledOn, REFUND_DAYS)
  const starts = [facts.goodsReceivedOn, facts.proofOfReturnOn].filter((d): d is IsoDay => typeof d === 'string').sort()[0]
  return starts ? addDays(starts, REFUND_DAYS) : null
}

/** `day` plus whole calendar months, at the month's end when the day does not exist (31 Aug + 6 = 28/29 Feb). */
export function addMonths(day: IsoDay, months: number): IsoDay {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const target = new Date(Date.UTC(y, m - 1 + months, 1))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(d, lastDay))
  return target.toISOString().slice(0, 10)
}

/** Road vehicles under the Road Traffic Act 1988 s. 185: an EAPC e-bike and a bicycle are not. */
const MOTOR_VEHICLE_KINDS: readonly ProductKind[] = ['motorcycle', 'scooter']

export function isMotorVehicle(kind: ProductKind): boolean {
  return MOTOR_VEHICLE_KINDS.includes(kind)
}

export type FaultRemedy =
  /** Reject and a full refund, no deduction for use (s. 24(8) and (10)). */
  | { readonly remedy: 'reject'; readonly lastDay: IsoDay; readonly faultPresumed: true; readonly deductionForUse: false }
  /** A repair or replacement first; if that fails, a price reduction or the final right to reject. */
  | { readonly remedy: 'repair-or-replace'; readonly faultPresumed: boolean; readonly deductionForUseOnFinalReject: boolean }

/** What a customer reporting a fault on `reportedOn` is entitled to first, counted from the day of delivery. */
export function faultRemedy(facts: { readonly deliveredOn: IsoDay; readonly reportedOn: IsoDay; readonly kind: ProductKind }): FaultRemedy {
  const rejectLastDay = addDays(facts.deliveredOn, SHORT_TERM_REJECT_DAYS)
  if (facts.reportedOn <= rejectLastDay) return { remedy: 'reject', lastDay: rejectLastDay, faultPresumed: true, deductionForUse: false }
  const faultPresumed = facts.reportedOn <= addMonths(facts.deliveredOn, FAULT_PRESUMPTION_MONTHS)
  return { remedy: 'repair-or-replace', faultPresumed, deductionForUseOnFinalReject: isMotorVehicle(facts.kind) || !faultPresumed }
}

/** Days since delivery, for the screens ("day 20"). */
export function daysSinceDelivery(deliveredOn: IsoDay, on: IsoDay): number {
  return daysBetween(deliveredOn, on)
}

/** What the customer bought, as far as the right to cancel cares. */
export interface CancellableFacts {
  /** Made to the customer's specification or clearly personalised (reg. 28(1)(b)). */
  readonly madeToOrder?: boolean
  /** A service (a workshop job) and whether it has been fully performed at the customer's request (reg. 36(6)). */
  readonly service?: { readonly fullyPerformed: boolean } | null
}

export type CancellationExclusion = 'made-to-order' | 'service-performed'

export const CANCELLATION_EXCLUSION_TEXT: Readonly<Record<CancellationExclusion, string>> = {
  'made-to-order': 'Made to your order, so the 14-day right to cancel does not apply (faulty goods are still covered).',
  'service-performed': 'A service already carried out at your request, so it can no longer be cancelled.',
}

/** Why this item may not be cancelled, or null when it may. */
export function cancellationExclusion(facts: CancellableFacts): CancellationExclusion | null {
  if (facts.madeToOrder) return 'made-to-order'
  if (facts.service?.fullyPerformed) return 'service-performed'
  return null
}
