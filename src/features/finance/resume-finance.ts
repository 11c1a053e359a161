// Where a finance step opened without ?product= goes: the same step for the bike in the stored finance state
// (spec §4: the store under "root"), or nowhere when the browser holds no finance checkout.
import { financeFromStore } from './finance-storage'
import { financeStepHref, type FinanceStep } from './components/finance-steps'

export function resumeFinanceHref(step: FinanceStep, raw: string | null): string | null {
  const slug = financeFromStore(raw).product?.slug
  return slug ? financeStepHref(step, slug) : null
}
