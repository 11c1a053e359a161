// Reserve a bike: contact details and the plain terms; the deposit is paid on the card page next.
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { payloadClient } from '../../../cms/payload-client.server'
import { signedInAccount } from '../../../cms/auth/session.server'
import { paths } from '../../../config/paths'
import { formatPence } from '../../../domain/money'
import { holdHours, reservationDeposit, reservationTerms } from '../../../domain/reservations/reservation-rules'
import { dealerSettings, productBySlug } from '../../../features/product/queries.server'
import { ReserveForm } from '../../../features/reservations/components/reserve-form'
import '../../../features/basket/basket.css'
import '../../../features/reservations/components/reservation.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Reserve a bike', robots: { index: false, follow: false } }

export default async function ReservePage({ searchParams }: { searchParams: Promise<{ product?: string | string[] }> }) {
  const { product: slug } = await searchParams
  const product = typeof slug === 'string' && slug.length <= 200 ? await productBySlug(slug) : null
  const settings = await dealerSettings()
  const option = product?.options[product.defaultIndex]
  const deposit = product && product.productType === 'simple'
    ? reservationDeposit({ kind: product.kind, pricePence: option?.pricePence, stockQuantity: option?.stockQuantity, enabled: settings.reservations.enabled, settingsDepositPence: settings.reservations.depositPence, productDepositPence: product.reservationDepositPence })
    : null
  if (!product || !deposit?.ok) {
    return (
      <div className="container order-result">
        <h1>This bike can’t be reserved online</h1>
        <p>{deposit && !deposit.ok && deposit.reason === 'sold_out' ? 'It has been sold or is reserved by another customer.' : 'It may have been sold, or it is not offered for online reservation.'} Please call us{settings.phone ? ` on ${settings.phone}` : ''}.</p>
        <p><a className="button button--solid" href={paths.allBikes()}>See all bikes</a></p>
      </div>
    )
  }
  const payload = await payloadClient()
  const user = await signedInAccount(payload, await headers())
  const prefill = user ? { firstName: user.firstName ?? undefined, lastName: user.lastName ?? undefined, email: user.email, phone: (user as { phone?: string }).phone ?? undefined } : {}
  const depositText = formatPence(deposit.depositPence)
  return (
    <div className="container order-result">
      <p><a href={paths.product(product.slug)}>Back to {product.name}</a></p>
      <h1>Reserve the {product.name}</h1>
      <p>
        Price {formatPence(option!.pricePence!)}. Pay a fully refundable {depositText} deposit and we keep it for you for {holdHours(settings.reservations.holdHours)} hours.
      </p>
      <ReserveForm productId={product.id} depositText={depositText} terms={reservationTerms(depositText, holdHours(settings.reservations.holdHours))} prefill={prefill} />
    </div>
  )
}
