import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { payloadClient } from '../../../cms/payload-client.server'
import { formatPence } from '../../../domain/money'
import { currentCustomer } from '../../../features/account/session.server'
import { TestRideForm } from '../../../features/bookings/components/test-ride-form'
import { testRidePageData } from '../../../features/bookings/queries.server'
import '../../../features/account/account.css'
import '../../../features/bookings/bookings.css'
import { paths } from '../../../config/paths'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Book a test ride', robots: { index: false, follow: true } }

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export default async function TestRidePage({ searchParams }: { searchParams: SearchParams }) {
  const slug = (await searchParams).product
  if (typeof slug !== 'string' || slug.length > 200) notFound()
  const payload = await payloadClient()
  const [data, customer] = await Promise.all([testRidePageData(payload, slug), currentCustomer()])
  if (!data) notFound()
  const { product, bike, categoryNeeded, settings, slots } = data
  return (
    <div className="container account-page booking-page">
      <h1>Book a test ride: {product.name}</h1>
      <p className="account-page__lead">
        {bike.engineCc} cc, {bike.powerKw} kW, {bike.weightKg} kg: this bike needs a category {categoryNeeded} licence. Rides start from {settings.address}.
        Bring your photocard driving licence; the damage excess is {formatPence(settings.testRides.excessPence)}.
      </p>
      <p><a href={paths.product(product.slug ?? '')}>Back to the {product.name}</a></p>
      <TestRideForm
        productId={product.id}
        bikeName={product.name}
        categoryNeeded={categoryNeeded}
        slots={slots}
        defaults={{ firstName: customer?.firstName ?? '', lastName: customer?.lastName ?? '', email: customer?.email ?? '', phone: customer?.phone ?? '' }}
        terms={`${settings.testRides.terms} Damage excess: ${formatPence(settings.testRides.excessPence)}.`}
      />
    </div>
  )
}
