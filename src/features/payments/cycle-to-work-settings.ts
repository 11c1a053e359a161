// The site settings' Cycle to Work group as the domain's CycleToWorkSettings (defaults where a setting is unset).
import type { ProductKind } from '../../domain/catalogue/product-kind'
import { CYCLE_SCHEMES, DEFAULT_CYCLE_TO_WORK, type CycleScheme, type CycleToWorkSettings } from '../../domain/payments/cycle-to-work'
import type { SiteSetting } from '../../payload-types'

const SCHEMES = CYCLE_SCHEMES.map((s) => s.value) as readonly string[]

export function cycleToWorkSettingsOf(settings: Pick<SiteSetting, 'cycleToWork'> | null | undefined): CycleToWorkSettings {
  const group = settings?.cycleToWork
  return {
    enabled: group?.enabled ?? DEFAULT_CYCLE_TO_WORK.enabled,
    schemes: group?.schemes ? (group.schemes.filter((s) => SCHEMES.includes(s)) as CycleScheme[]) : DEFAULT_CYCLE_TO_WORK.schemes,
    kinds: group?.kinds ? (group.kinds as ProductKind[]) : DEFAULT_CYCLE_TO_WORK.kinds,
    holdHours: group?.holdHours ?? DEFAULT_CYCLE_TO_WORK.holdHours,
  }
}
