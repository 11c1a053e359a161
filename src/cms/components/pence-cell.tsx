// Admin list cell for money fields: staff read £85.49, not the stored 8549 pence.
import type { DefaultServerCellComponentProps } from 'payload'
import { formatPence } from '../../domain/money'

export function PenceCell({ cellData }: DefaultServerCellComponentProps) {
  return typeof cellData === 'number' && Number.isSafeInteger(cellData) ? <span>{formatPence(cellData)}</span> : null
}
