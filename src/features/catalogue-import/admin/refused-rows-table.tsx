// The refused rows of a stock file as a table (line, SKU, reason): on an import's page under its progress bar, and
// under a dry run's counts on the upload form.
import type { ReactNode } from 'react'

export interface RefusedRowView {
  line: number
  sku: string
  reason: string
}

export function RefusedRowsTable({ rows, caption, captionWeight, marginTop }: { rows: readonly RefusedRowView[]; caption: ReactNode; captionWeight?: number; marginTop?: number }) {
  return (
    <table style={{ borderCollapse: 'collapse', ...(marginTop !== undefined ? { marginTop } : {}) }}>
      <caption style={{ textAlign: 'left', ...(captionWeight !== undefined ? { fontWeight: captionWeight } : {}) }}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'left', paddingRight: 16 }}>Line</th>
          <th scope="col" style={{ textAlign: 'left', paddingRight: 16 }}>SKU</th>
          <th scope="col" style={{ textAlign: 'left' }}>Reason</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.line}-${r.sku}`}>
            <td style={{ paddingRight: 16 }}>{r.line}</td>
            <td style={{ paddingRight: 16 }}>{r.sku}</td>
            <td>{r.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
