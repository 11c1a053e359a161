// When the runner queues the next scheduled backup (BACKUP_EVERY_HOURS; docs/decisions/026). Pure, so the rule is
// tested without a clock or a database.

/** True when backups are on and none was queued in the last `everyHours` hours (or none ever was). */
export function backupIsDue(lastQueuedAt: Date | null, now: Date, everyHours: number): boolean {
  if (!(everyHours > 0)) return false
  if (!lastQueuedAt) return true
  return now.getTime() - lastQueuedAt.getTime() >= everyHours * 3_600_000
}
