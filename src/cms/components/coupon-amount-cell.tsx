// Admin › Coupons list, Amount column: "10%" for a percentage, "£25" for a fixed amount (stored as pence).
import type { DefaultServerCellComponentProps } from 'payload'
import { formatPence } from '../../domain/money'

export function CouponAmountCell({ cellData, rowData }: DefaultServerCellComponentProps) {
  if (typeof cellData !== 'number' || !Number.isFinite(cellData)) return null
  if (rowData.discountType === 'percent') return <span>{cellData}%</span>
  return Number.isSafeInteger(cellData) ? <span>{formatPence(cellData)}</span> : null
}
