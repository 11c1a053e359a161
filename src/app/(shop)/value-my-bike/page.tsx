// "Value my bike": a guest or a signed-in customer values their bike for part-exchange, from anywhere in the shop. The
// valuation is stored by the valuation endpoint and kept in the browser, where the finance checkout and the
// reservation form find it. Shows no stock or prices, so it has no page family.
import type { Metadata } from 'next'
import { VALUATION_HOLD_DAYS } from '../../../domain/part-exchange/valuation-hold'
import { ValueMyBike } from '../../../features/finance/components/value-my-bike'

export const metadata: Metadata = {
  title: 'Value my bike',
  description: `A part-exchange valuation for your motorcycle or scooter in a minute, held for ${VALUATION_HOLD_DAYS} days and subject to inspection.`,
}

export default function Page() {
  return (
    <div className="container fc-page">
      <h1>Value my bike</h1>
      <p className="fc-lede">
        Part-exchange your bike against your next one. Tell us about it and we give you a trade-in figure now, which we hold for {VALUATION_HOLD_DAYS} days. It takes the figure off what you pay or borrow, and we settle any finance still owing on it.
      </p>
      <ValueMyBike />
    </div>
  )
}
