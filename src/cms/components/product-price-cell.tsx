// Admin › Products list, Price column: the price the customer pays (ADR 023: the base price with every compulsory
// charge in it, as the shop shows it), with the charge named when there is one, not the bare base price.
import type { DefaultServerCellComponentProps } from 'payload'
import { chargesFromExtraFee, productPrice } from '../../domain/catalogue/product-price'
import { formatPence } from '../../domain/money'

export function ProductPriceCell({ rowData }: DefaultServerCellComponentProps) {
  const fee = (rowData.beforeAddToBasketNotification as { extraFee?: { feeValue?: number | null; label?: string | null } } | undefined)?.extraFee
  const price = productPrice({ basePricePence: typeof rowData.price === 'number' ? rowData.price : null, vatRatePercent: Number(rowData.vatRate ?? 20), charges: chargesFromExtraFee(fee) })
  if (!price) return <span>On application</span>
  const charges = price.totalPence - price.basePence
  return (
    <span title={charges > 0 ? `${formatPence(price.basePence)} plus ${formatPence(charges)} ${price.charges.map((c) => c.label).join(', ')}` : undefined}>
      {formatPence(price.totalPence)}
      {charges > 0 ? <small style={{ display: 'block', opacity: 0.7 }}>incl. {formatPence(charges)} {price.charges.map((c) => c.label).join(', ')}</small> : null}
    </span>
  )
}
