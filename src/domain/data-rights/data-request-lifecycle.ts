// A data request's states and the moves between them, one table (the shape of src/domain/lifecycle.ts): an export
// or an erasure is received, run (by the request for an export, by a job for an erasure), and ends done or refused.
export const DATA_REQUEST_KINDS = ['export', 'erasure'] as const
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number]

export const DATA_REQUEST_CHANNELS = ['account', 'email', 'letter', 'phone', 'in-person'] as const
export type DataRequestChannel = (typeof DATA_REQUEST_CHANNELS)[number]

export const DATA_REQUEST_STATUSES = ['received', 'running', 'completed', 'refused'] as const
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number]

export const DATA_REQUEST_STATUS_LABELS: Record<DataRequestStatus, string> = {
  received: 'Received',
  running: 'Running',
  completed: 'Completed',
  refused: 'Refused',
}

const TRANSITIONS: Record<DataRequestStatus, readonly DataRequestStatus[]> = {
  received: ['running', 'completed', 'refused'],
  // A job killed half-way runs again from 'running'.
  running: ['running', 'completed', 'refused'],
  completed: [],
  refused: [],
}

export function canMoveDataRequest(from: DataRequestStatus, to: DataRequestStatus): boolean {
  return TRANSITIONS[from].includes(to)
}

/** The law gives a month to answer (UK GDPR Art. 12(3)): the date a request must be answered by. */
export function answerDueBy(receivedAt: Date): Date {
  const due = new Date(receivedAt)
  due.setUTCMonth(due.getUTCMonth() + 1)
  return due
}
