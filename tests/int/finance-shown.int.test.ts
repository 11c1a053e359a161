// Finance on the seeded demo shop, on SQLite and PostgreSQL. A lender refusing a change (the Honda CB650R at the shop's
// own default deposit with a £540 helmet added; a term the lender does not offer) answers with what would work instead,
// and each alternative, asked for, is quoted. And what the customer is shown is what is kept: the disclosures the finance
// checkout and the finance page render are the ones a recorded quote and the application placed from it store.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { defaultDepositPence } from '../../src/domain/finance/quote-client-rules'
import type { QuotesAnswer } from '../../src/features/finance/api/get-quotes'
import { handleShopQuotes } from '../../src/features/finance/api/shop-quotes.server'
import { handleShopFinanceOrder } from '../../src/features/finance/api/shop-orders.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { db, payload, withDemoShop } from './payload'

vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn, revalidateTag: () => undefined, revalidatePath: () => undefined }))

const { FinanceCheckoutPage } = await import('../../src/features/finance/components/checkout-page')
const { default: GenericPage } = await import('../../src/app/(shop)/[...path]/page')
const { financeDisclosures, representativeQuoteForProduct } = await import('../../src/features/finance/queries.server')
const { RepresentativeExample } = await import('../../src/components/ui/representative-example')

const post = (url: string, body: unknown) => new Request(`http://shop.test${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

async function quotes(body: Record<string, unknown>): Promise<QuotesAnswer> {
  const response = await handleShopQuotes(post('/api/finance/quotes', body), payload)
  expect(response.status).toBe(200)
  return (await response.json()) as QuotesAnswer
}

async function bySlug(collection: 'products', slug: string) {
  const found = await payload.find({ collection, where: { slug: { equals: slug } }, limit: 1, depth: 0, overrideAccess: true })
  if (!found.docs[0]) throw new Error(`no ${slug}`)
  return found.docs[0]
}

/** A size and colour of the helmet in stock. */
async function helmetInStock() {
  const helmet = await bySlug('products', 'shoei-nxr2-helmet')
  const variants = await payload.find({ collection: 'variants', where: { and: [{ product: { equals: helmet.id } }, { stockQuantity: { greater_than: 0 } }] }, limit: 1, depth: 0, overrideAccess: true })
  return { productId: helmet.id, variantId: variants.docs[0]!.id }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&#x27;': '\u0027', '&#39;': '\u0027', '&quot;': '"', '&lt;': '<', '&gt;': '>' }

/** The text of the disclosure paragraph the page rendered, as a person reads it. */
function rendered(html: string, kind: 'broker' | 'commission'): string {
  const match = new RegExp(`<p data-disclosure="${kind}">([^<]*)</p>`).exec(html)
  if (!match) throw new Error(`the page shows no ${kind} disclosure`)
  return match[1]!.replace(/&(amp|#x27|#39|quot|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)
}

withDemoShop()

describe(`a lender refusing a change offers what would work, on ${db}`, () => {
  it('the CB650R at the default deposit with a £540 helmet: the deposit that would do, another lender, or the bike alone, each quoted when asked', async () => {
    const bike = await bySlug('products', 'honda-cb650r')
    const helmet = await helmetInStock()
    const plain = await quotes({ productId: bike.id, termMonths: 36, depositPence: 0, annualDistance: 3000 })
    const deposit = defaultDepositPence(plain.financePricePence)
    const terms = { productId: bike.id, termMonths: 36, depositPence: deposit, annualDistance: 3000 }
    const before = await quotes(terms)
    expect(before.quotes.some((q) => q.funderCode === 'HMF' && q.facilityType === 'HP')).toBe(true)

    const previous = { termMonths: 36, depositPence: deposit, annualDistance: 3000, accessories: [] }
    const refused = await quotes({ ...terms, accessories: [helmet], alternativesFor: { funderCode: 'HMF', facilityType: 'HP', previous } })
    expect(refused.quotes.some((q) => q.funderCode === 'HMF' && q.facilityType === 'HP')).toBe(false)
    expect(refused.refusals.flatMap((r) => r.messages).join(' ')).toMatch(/Deposit must be at least 10%/)
    const helmetPence = refused.accessories[0]!.pricePence
    expect(helmetPence).toBe(53_999)
    expect(refused.alternatives.map((a) => a.kind)).toEqual(['deposit', 'lender', 'without-change'])

    // The smallest whole-pound deposit meeting 10% of the bike and the helmet.
    const raise = refused.alternatives[0]!
    if (raise.kind !== 'deposit') throw new Error('expected a deposit first')
    expect(raise.depositPence).toBe(Math.ceil((plain.financePricePence + helmetPence) / 1000) * 100)
    const raised = await quotes({ ...terms, depositPence: raise.depositPence, accessories: [helmet] })
    const atRaised = raised.quotes.find((q) => q.funderCode === 'HMF' && q.facilityType === 'HP')
    expect(atRaised?.example.regularPaymentPence).toBe(raise.regularPaymentPence)

    // Another lender's quote, as the service gave it and recorded it: the customer can apply with it.
    const other = refused.alternatives[1]!
    if (other.kind !== 'lender') throw new Error('expected a lender second')
    expect(other.quote.funderCode).toBe('PBC')
    const recorded = await payload.find({ collection: 'finance-quotes', where: { quoteUid: { equals: other.quote.quoteUid } }, depth: 0, overrideAccess: true })
    expect(recorded.docs[0]?.accessories).toEqual([helmet])

    // The quote without the helmet is the one the customer had.
    const without = await quotes({ ...terms, accessories: [] })
    expect(without.quotes.find((q) => q.funderCode === 'HMF' && q.facilityType === 'HP')?.example.regularPaymentPence).toBe(refused.alternatives[2]!.regularPaymentPence)
  })

  it('a term the lender does not offer: other lenders on that term, or the term as it was; never a deposit that cannot help', async () => {
    const bike = await bySlug('products', 'honda-cb650r')
    const terms = { productId: bike.id, termMonths: 36, depositPence: 150_000, annualDistance: 3000 }
    expect((await quotes(terms)).quotes.some((q) => q.funderCode === 'CGF' && q.facilityType === 'HP')).toBe(true)
    const refused = await quotes({ ...terms, termMonths: 60, alternativesFor: { funderCode: 'CGF', facilityType: 'HP', previous: { termMonths: 36, depositPence: 150_000, annualDistance: 3000, accessories: [] } } })
    expect(refused.alternatives.map((a) => `${a.kind} ${a.funderCode}`)).toEqual(['lender HMF', 'lender PBC', 'without-change CGF'])
  })

  it('answers no alternatives when the chosen lender quotes the change', async () => {
    const bike = await bySlug('products', 'honda-cb650r')
    const answer = await quotes({ productId: bike.id, termMonths: 36, depositPence: 200_000, annualDistance: 3000, accessories: [await helmetInStock()], alternativesFor: { funderCode: 'HMF', facilityType: 'HP' } })
    expect(answer.alternatives).toEqual([])
  })
})

describe(`what the customer is shown is what is kept, on ${db}`, () => {
  it('the finance checkout’s disclosures are the ones the quote and the application store, with the figures and the lender', async () => {
    // The dealer's own words, so the page cannot be showing a default the record happens to share.
    const commission = `Wheelhouse & Co receive a fixed fee from each lender, the same whichever you choose (${db}).`
    await payload.updateGlobal({ slug: 'site-settings', data: { finance: { commissionDisclosure: commission } } as never, overrideAccess: true })

    const bike = await bySlug('products', 'honda-cb650r')
    const steps = await Promise.all((['product', 'accessories', 'data', 'summary'] as const).map(async (step) => renderToStaticMarkup(await FinanceCheckoutPage({ step, searchParams: Promise.resolve({ product: bike.slug }) }))))
    const broker = rendered(steps[0]!, 'broker')
    expect(broker).toMatch(/credit broker, not a lender/)
    for (const html of steps) {
      expect(rendered(html, 'broker')).toBe(broker)
      expect(rendered(html, 'commission')).toBe(commission)
    }

    const answer = await quotes({ productId: bike.id, termMonths: 36, depositPence: 100_000, annualDistance: 3000 })
    const quote = answer.quotes[0]!
    const stored = (await payload.find({ collection: 'finance-quotes', where: { quoteUid: { equals: quote.quoteUid } }, depth: 0, overrideAccess: true })).docs[0]!
    expect(stored.disclosures?.brokerStatement).toBe(broker)
    expect(stored.disclosures?.commissionDisclosure).toBe(commission)
    expect(stored.lenderName).toBe(quote.lenderName)
    expect(stored.shownExample).toEqual(quote.example)

    const details = { email: 'shown@example.co.uk', phone: '07700 900789', firstName: 'Ada', lastName: 'Rider', shippingMethod: 'free', shippingAddress: { address1: '3 High Street', city: 'York', postcode: 'YO1 8AA', country: 'GB' } }
    const placed = await handleShopFinanceOrder(post('/api/finance/orders', { ...details, quoteId: quote.quoteUid, productId: bike.id, variantId: null }), payload, { placeOrder })
    expect(placed.status).toBe(201)
    const { orderId } = (await placed.json()) as { orderId: number }
    const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true })
    expect(order.finance?.disclosures?.brokerStatement).toBe(broker)
    expect(order.finance?.disclosures?.commissionDisclosure).toBe(commission)
    expect(order.finance?.lenderName).toBe(quote.lenderName)
    expect(order.finance?.shownExample).toEqual(quote.example)

    // The finance page states the same texts.
    const page = renderToStaticMarkup(await GenericPage({ params: Promise.resolve({ path: ['finance'] }) }))
    expect(rendered(page, 'broker')).toBe(broker)
    expect(rendered(page, 'commission')).toBe(commission)

    // So does the product page's representative example, from what its route reads (the whole product page loads
    // browser-only islands a server render outside Next cannot).
    const example = await representativeQuoteForProduct(bike.slug)
    if (!example) throw new Error('the CB650R has no representative example')
    const productPage = renderToStaticMarkup(createElement(RepresentativeExample, { example: example.example, lenderName: example.lenderName, disclosures: await financeDisclosures() }))
    expect(productPage).toContain('data-testid="representative-example"')
    expect(rendered(productPage, 'broker')).toBe(broker)
    expect(rendered(productPage, 'commission')).toBe(commission)
  })

  it('states the default broker status and commission when the settings leave them empty, and keeps those', async () => {
    await payload.updateGlobal({ slug: 'site-settings', data: { finance: { brokerStatement: '', commissionDisclosure: '' } } as never, overrideAccess: true })
    const bike = await bySlug('products', 'honda-cb650r')
    const html = renderToStaticMarkup(await FinanceCheckoutPage({ step: 'product', searchParams: Promise.resolve({ product: bike.slug }) }))
    const answer = await quotes({ productId: bike.id, termMonths: 36, depositPence: 100_000, annualDistance: 3000 })
    const stored = (await payload.find({ collection: 'finance-quotes', where: { quoteUid: { equals: answer.quotes[0]!.quoteUid } }, depth: 0, overrideAccess: true })).docs[0]!
    expect(stored.disclosures?.brokerStatement).toBe(rendered(html, 'broker'))
    expect(stored.disclosures?.commissionDisclosure).toBe(rendered(html, 'commission'))
    expect(rendered(html, 'commission')).toMatch(/commission/)
  })
})
