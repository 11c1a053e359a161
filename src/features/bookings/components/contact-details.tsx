// The customer's contact details in a booking form, prefilled for a signed-in customer and kept after a refusal.
import { Field, Group } from '../../../components/ui/form-field'

export interface ContactDefaults {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string
}

export function ContactDetails({ legend, defaults, text, errors }: { legend: string; defaults: ContactDefaults; text: (name: string, fallback?: string) => string; errors: Readonly<Record<string, string>> }) {
  return (
    <Group name="contact" legend={legend}>
      <div className="field-row">
        <Field name="firstName" label="First name" autoComplete="given-name" required maxLength={80} defaultValue={text('firstName', defaults.firstName)} error={errors['contact.firstName']} />
        <Field name="lastName" label="Last name" autoComplete="family-name" required maxLength={80} defaultValue={text('lastName', defaults.lastName)} error={errors['contact.lastName']} />
      </div>
      <div className="field-row">
        <Field name="email" label="Email address" type="email" autoComplete="email" required maxLength={254} defaultValue={text('email', defaults.email)} error={errors['contact.email']} />
        <Field name="phone" label="Phone number" type="tel" autoComplete="tel" required maxLength={30} defaultValue={text('phone', defaults.phone)} error={errors['contact.phone']} />
      </div>
    </Group>
  )
}
