// The model cancellation form (Consumer Contracts Regulations 2013, Schedule 3 Part B) with the dealer's details
// filled in, and the reminder that any clear statement will do. Shown on the returns page; checkout links to it.
import { MODEL_FORM_ID as MODEL_FORM_ANCHOR } from '../../../config/paths'
import { modelCancellationForm, OTHER_CLEAR_STATEMENT, type TraderDetails } from '../../../domain/returns/model-cancellation-form'

export function ModelCancellationForm({ trader }: { trader: TraderDetails }) {
  const form = modelCancellationForm(trader)
  return (
    <section className="model-cancellation-form" id={MODEL_FORM_ANCHOR} aria-labelledby={`${MODEL_FORM_ANCHOR}-title`}>
      <h2 id={`${MODEL_FORM_ANCHOR}-title`}>{form.heading}</h2>
      <p>{OTHER_CLEAR_STATEMENT}</p>
      <div className="model-cancellation-form__form" data-testid="model-cancellation-form">
        <p>{form.instruction}</p>
        <ul>
          {[form.to, ...form.lines].map((line) => (
            <li key={line}>— {line}</li>
          ))}
        </ul>
        <p>{form.footnote}</p>
      </div>
    </section>
  )
}
