// The one reminder a customer who stopped part-way may get: only with their consent, never after they asked us to
// stop, once per deal, and only while the deal still waits on them (new or contacted, their last step one they left
// unfinished, nothing done for a day, and not so long ago that a reminder would surprise them). Pure: the sweep hands
// in the deal and the time.
import type { DealStage, DealStep } from './deal-stages'

/** How long a deal waits without a step before its customer is reminded. */
export const REMINDER_AFTER_HOURS = 24
/** A deal quiet for longer than this gets no reminder at all: it would come out of the blue. */
export const REMINDER_WITHIN_DAYS = 14

/** The stages in which the next step is the customer's. */
export const REMINDED_STAGES: readonly DealStage[] = ['new', 'contacted']

/**
 * The steps a customer can stop part-way through: the finance checkout before applying, the basket's checkout before
 * paying. Any later step (an application, a payment, a reservation, a test ride) is a finished one, and ends the case
 * for a reminder.
 */
export const UNFINISHED_STEPS: readonly DealStep[] = ['finance_started', 'checkout_started']

/** Whether a deal's last step (as stored) is one the customer left unfinished. */
export const isUnfinishedStep = (step: string | null): boolean => (UNFINISHED_STEPS as readonly (string | null)[]).includes(step)

export interface ReminderFacts {
  readonly stage: DealStage
  readonly consent: boolean
  readonly reminderSentAt: string | null
  readonly unsubscribedAt: string | null
  readonly lastActivityAt: string | null
  /** The customer's latest step on the deal. */
  readonly lastStep: string | null
}

export function reminderDue(deal: ReminderFacts, now: Date): boolean {
  if (!deal.consent || deal.reminderSentAt || deal.unsubscribedAt || !deal.lastActivityAt || !REMINDED_STAGES.includes(deal.stage)) return false
  if (!isUnfinishedStep(deal.lastStep)) return false
  const quiet = now.getTime() - Date.parse(deal.lastActivityAt)
  return quiet >= REMINDER_AFTER_HOURS * 3600_000 && quiet <= REMINDER_WITHIN_DAYS * 86_400_000
}

/** The window of last activity a sweep at `now` looks in: the SQL twin of reminderDue's time test. */
export function reminderWindow(now: Date): { readonly from: string; readonly to: string } {
  return { from: new Date(now.getTime() - REMINDER_WITHIN_DAYS * 86_400_000).toISOString(), to: new Date(now.getTime() - REMINDER_AFTER_HOURS * 3600_000).toISOString() }
}
