'use client'
// The admin's view of a JSON field: the stored value set out as indented text. Payload's own JSON field edits in
// Monaco, which its package loads from a CDN: the shop's Content Security Policy refuses that (nothing is fetched
// from elsewhere at run time), and staff never hand-edit these records (VAT lines, a return's lines, an MOT
// history, a quote's figures), which the shop's own code writes.
import { FieldDescription, FieldLabel, useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'

export const JsonView: JSONFieldClientComponent = ({ field, path: pathFromProps }) => {
  const { path, value } = useField<unknown>({ potentiallyStalePath: pathFromProps })
  const label = typeof field.label === 'string' ? field.label : field.name
  const description = typeof field.admin?.description === 'string' ? field.admin.description : undefined
  const empty = value == null || (Array.isArray(value) && value.length === 0)
  return (
    <div className="field-type json-view" style={{ marginBottom: 'var(--spacing-field)' }}>
      <FieldLabel label={label} path={path} />
      {empty ? (
        <p style={{ margin: '4px 0' }}>None</p>
      ) : (
        <pre tabIndex={0} aria-label={label} style={{ maxHeight: 320, overflow: 'auto', margin: '4px 0', padding: 12, fontSize: 13, lineHeight: 1.45, whiteSpace: 'pre-wrap', background: 'var(--theme-elevation-50)', color: 'var(--theme-text)', border: '1px solid var(--theme-elevation-150)', borderRadius: 4 }}>
          {JSON.stringify(value, null, 2)}
        </pre>
      )}
      {description && <FieldDescription description={description} path={path} />}
    </div>
  )
}
