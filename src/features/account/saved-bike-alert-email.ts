// The saved-bike alert: a bike a customer saved has dropped in price or is back in stock. Drawn in the shop's one
// email layout, with a button to the bike, a link to the saved list and the one-click way to stop these emails in
// view (the same address the List-Unsubscribe header gives mail programs, in saved-bikes.server.ts).
import { paths } from '../../config/paths'
import type { SavedBikeChangeKind } from '../../domain/catalogue/saved-bikes'
import type { DealerDetails } from '../../domain/emails/email-brand'
import { button, link, text, type EmailContent, type EmailSample } from '../../domain/emails/email-content'
import { formatPence } from '../../domain/money'

export interface SavedBikeAlert {
  readonly kind: SavedBikeChangeKind
  readonly productName: string
  /** The bike's headline price (every mandatory charge included); null when it has none. */
  readonly pricePence: number | null
  readonly productUrl: string
  /** The page that turns this saved bike's alerts off. */
  readonly unsubscribeUrl: string
}

export function savedBikeAlertEmail(alert: SavedBikeAlert, dealer: DealerDetails): EmailContent {
  const priceDrop = alert.kind === 'price-drop' && alert.pricePence !== null
  const news = priceDrop ? `now ${formatPence(alert.pricePence!)}` : 'back in stock'
  return {
    // The bike first, as the inbox shows it: the customer saved this bike, not the shop.
    subject: `${alert.productName} is ${news}`,
    heading: priceDrop ? 'A bike you saved has dropped in price' : 'A bike you saved is back in stock',
    blocks: [
      text(`Good news: ${alert.productName}, which you saved, is ${news}${priceDrop ? ' (every mandatory charge included)' : ''}.`),
      button(`See the ${alert.productName}`, alert.productUrl),
      link('your saved bikes', new URL(paths.saved(), dealer.siteUrl).toString(), { before: 'Compare it with the rest of', after: `at ${dealer.name}.` }),
      link('Stop these emails with one click', alert.unsubscribeUrl, { before: `You asked ${dealer.name} to email you when a saved bike's price drops or it is back in stock.` }),
    ],
  }
}

/** Both alerts on a sample bike, for the admin's previews and the template test. */
export function savedBikeAlertEmailSamples(dealer: DealerDetails): EmailSample[] {
  const url = (path: string) => new URL(path, dealer.siteUrl).toString()
  const sample = { productName: 'Honda CB500F (2021)', pricePence: 529_900, productUrl: url(paths.product('honda-cb500f-2021')), unsubscribeUrl: url(paths.savedAlertsUnsubscribe('sample')) }
  return [
    { id: 'saved-bike-price-drop', title: 'Saved bike: price drop', content: savedBikeAlertEmail({ ...sample, kind: 'price-drop' }, dealer) },
    { id: 'saved-bike-back-in-stock', title: 'Saved bike: back in stock', content: savedBikeAlertEmail({ ...sample, kind: 'back-in-stock' }, dealer) },
  ]
}
