// Workshop time as people say it: "45 min", "2 h", "1 h 50 min" (never "1.8 h").

export function durationLabel(minutes: number): string {
  const total = Math.max(0, Math.round(minutes))
  if (total < 60) return `${total} min`
  const h = Math.floor(total / 60)
  const m = total % 60
  return m === 0 ? `${h} h` : `${h} h ${m} min`
}
