import type { Metadata } from 'next'
import { payloadClient } from '../../../cms/payload-client.server'
import { currentCustomer } from '../../../features/account/session.server'
import { ServiceBookingForm } from '../../../features/bookings/components/service-booking-form'
import { servicePageData } from '../../../features/bookings/queries.server'
import '../../../features/account/account.css'
import '../../../features/bookings/bookings.css'
import { paths } from '../../../config/paths'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = {
  title: 'Bicycle services: book your bike in',
  description: 'Book a safety check, standard or full service, or an e-bike system service: choose your drop-off day online.',
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export default async function BicycleServicesPage({ searchParams }: { searchParams: SearchParams }) {
  const payload = await payloadClient()
  const [{ settings, tiers, addOns, days }, customer] = await Promise.all([servicePageData(payload), currentCustomer()])
  const wanted = (await searchParams).tier
  const initialTier = typeof wanted === 'string' ? tiers.find((t) => t.name.toLowerCase().replace(/\W+/g, '-') === wanted)?.id : undefined
  return (
    <div className="container account-page booking-page">
      <h1>Bicycle services</h1>
      <p className="account-page__lead">
        Choose a service and the day you drop your bike off at {settings.address}. Our mechanics work through the day and we email you when it is ready to collect.
        You pay on collection; nothing extra is done without your say-so.
      </p>
      {!customer && <p>Have an account? <a href={paths.login(paths.bicycleServices())}>Sign in</a> to fill in your details and see the booking in your account. Guests can book too.</p>}
      <ServiceBookingForm
        tiers={tiers}
        addOns={addOns}
        days={days}
        initialTier={initialTier}
        defaults={{ firstName: customer?.firstName ?? '', lastName: customer?.lastName ?? '', email: customer?.email ?? '', phone: customer?.phone ?? '' }}
        terms={settings.workshop.terms}
        dropOffTimes={settings.workshop.dropOffTimes}
      />
    </div>
  )
}
