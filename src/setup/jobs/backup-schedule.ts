// When the runner queues the next scheduled backup (docs/decisions/026, 037): at a time of day (BACKUP_AT, the
// server's time zone), else every BACKUP_EVERY_HOURS hours. Pure, so the rule is tested without a clock or a database.

export interface BackupSchedule {
  /** hours between backups; 0 is off (ignored when `at` is set) */
  everyHours: number
  /** 'HH:MM' in the server's time zone: once a day at that time */
  at?: string
}

/** The latest moment at or before `now` that the daily time `at` ('HH:MM', local time) came round. */
export function lastSlot(now: Date, at: string): Date {
  const [hours, minutes] = at.split(':').map(Number) as [number, number]
  const slot = new Date(now)
  slot.setHours(hours, minutes, 0, 0)
  if (slot.getTime() > now.getTime()) slot.setDate(slot.getDate() - 1)
  return slot
}

/** True when a backup should be queued now, given when the last one was queued (null: never). */
export function backupIsDue(lastQueuedAt: Date | null, now: Date, schedule: BackupSchedule): boolean {
  if (schedule.at) return !lastQueuedAt || lastQueuedAt.getTime() < lastSlot(now, schedule.at).getTime()
  if (!(schedule.everyHours > 0)) return false
  if (!lastQueuedAt) return true
  return now.getTime() - lastQueuedAt.getTime() >= schedule.everyHours * 3_600_000
}
