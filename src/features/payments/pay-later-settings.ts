// The site settings' Pay in 3 group as the domain's PayLaterSettings (defaults where a setting is unset).
import { DEFAULT_PAY_LATER, type PayLaterSettings } from '../../domain/payments/pay-later'
import type { SiteSetting } from '../../payload-types'

export function payLaterSettingsOf(settings: Pick<SiteSetting, 'payLater'> | null | undefined): PayLaterSettings {
  const group = settings?.payLater
  return {
    enabled: group?.enabled ?? DEFAULT_PAY_LATER.enabled,
    minPence: group?.minPence ?? DEFAULT_PAY_LATER.minPence,
    maxPence: group?.maxPence ?? DEFAULT_PAY_LATER.maxPence,
    kinds: DEFAULT_PAY_LATER.kinds,
  }
}
