// The four finance checkout steps (spec §2) as a labelled progress list.
import { paths } from '../../../config/paths'

const STEPS = [
  { key: 'product', label: 'Your quote' },
  { key: 'accessories', label: 'Accessories' },
  { key: 'data', label: 'Your details' },
  { key: 'summary', label: 'Summary' },
] as const

export type FinanceStep = (typeof STEPS)[number]['key']

export function financeStepHref(step: FinanceStep, slug: string): string {
  switch (step) {
    case 'product':
      return paths.financeCheckoutProduct(slug)
    case 'accessories':
      return paths.financeCheckoutAccessories(slug)
    case 'data':
      return paths.financeCheckoutData(slug)
    case 'summary':
      return paths.financeCheckoutSummary(slug)
  }
}

/** `reserved`: a reserved bike, financed on its own online, so accessories wait for the dealership. */
export function FinanceSteps({ current, reserved = false }: { readonly current: FinanceStep; readonly reserved?: boolean }) {
  const index = STEPS.findIndex((s) => s.key === current)
  return (
    <nav aria-label="Finance checkout steps" className="fc-steps">
      <ol>
        {STEPS.map((step, i) => (
          <li key={step.key} className={i === index ? 'fc-steps__current' : i < index ? 'fc-steps__done' : undefined} aria-current={i === index ? 'step' : undefined}>
            <span className="fc-steps__number">{i + 1}</span> {reserved && step.key === 'accessories' ? 'Accessories (at the dealership)' : step.label}
          </li>
        ))}
      </ol>
    </nav>
  )
}
