'use client'
// The admin's link to an invoice's or credit note's PDF, beside its figures.
import { useFormFields } from '@payloadcms/ui'

export function DocumentPdfLink() {
  const number = useFormFields(([fields]) => fields.number?.value)
  if (typeof number !== 'string' || !number) return null
  return (
    <p>
      <a href={`/api/documents/${encodeURIComponent(number)}`} download={`${number}.pdf`}>Download {number} (PDF)</a>
    </p>
  )
}
