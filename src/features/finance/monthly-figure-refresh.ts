// The refreshMonthlyFigures job (ADR 030): each bike quoted again by the configured quote source (the
// built-in provider in-process, or iVendi over HTTP) on the terms its finance step opens with, and the first quote
// that step would show stored for its listing card. No 'server-only': the job runner and integration tests load it.
import type { Payload } from 'payload'
import { financeQuotesForProduct, type OfferedQuote } from './finance-client'
import { firstShownQuote } from '../../domain/finance/monthly-figures'
import { FINANCEABLE_KINDS } from '../../domain/finance/product-monthly-estimate'
import { financeWidgetTerms, type FinanceTerms } from '../../domain/finance/quote-client-rules'
import { chargesFromExtraFee, headlinePricePence } from '../../domain/catalogue/product-price'
import type { Product } from '../../payload-types'
import type { FinanceQuoteSource } from '../../adapters/finance/quote-source'
import { isPostgres, placeholders, readRows } from '../../cms/sql.server'
import { readMonthlyFigures, writeMonthlyFigures, type StoredMonthlyFigure } from '../finance-figures/monthly-figures.server'
import { revalidateProducts } from '../../cms/hooks/revalidate-storefront'

/**
 * The terms the finance step opens with for this bike: spec §9's defaults or its 'Finance Offer' promotion, on the
 * headline price (ADR 023). The same reading as financeProductBySlug (queries.server.ts), through the same rules.
 */
export function openingTerms(product: Pick<Product, 'price' | 'vatRate' | 'beforeAddToBasketNotification'>): FinanceTerms | null {
  const price = headlinePricePence({ basePricePence: product.price, vatRatePercent: product.vatRate, charges: chargesFromExtraFee(product.beforeAddToBasketNotification?.extraFee) })
  if (price === null || price <= 0) return null
  const promotions = (product.beforeAddToBasketNotification?.productPromotions ?? []).map((p) => ({
    offerType: p.offerType,
    financeOptionsAdjustment: p.financeOptionsAdjustment
      ? { termInMonths: p.financeOptionsAdjustment.termInMonths, annualDistance: p.financeOptionsAdjustment.annualDistance, cashDepositPence: p.financeOptionsAdjustment.cashDeposit }
      : null,
  }))
  return financeWidgetTerms(price, promotions)
}

/** The quote a bike's card shows: the first its own finance step would show on its opening terms; null when none. */
export async function cardQuote(payload: Payload, productId: number, options: { source?: FinanceQuoteSource; now?: Date } = {}): Promise<{ quote: OfferedQuote; terms: FinanceTerms } | null> {
  const product = (await payload.findByID({ collection: 'products', id: productId, depth: 0, overrideAccess: true, disableErrors: true })) as Product | null
  if (!product || product.status !== 'active' || !product.vehicle?.financeable || !product.kind || !FINANCEABLE_KINDS.includes(product.kind)) return null
  const terms = openingTerms(product)
  if (!terms) return null
  const outcome = await financeQuotesForProduct(
    payload,
    { productId, termMonths: terms.termMonths, depositPence: terms.depositPence, annualDistance: terms.annualDistance },
    { record: false, source: options.source, now: options.now },
  )
  if (!outcome.ok) {
    // The quote service not answering is worth a retry of the job; a bike no lender will quote simply has no figure.
    if (outcome.status === 502) throw new Error(`monthly figure for product ${productId}: ${outcome.message}`)
    return null
  }
  const quote = firstShownQuote(outcome.quotes)
  return quote ? { quote, terms } : null
}

/**
 * The products a refresh covers, split into the bikes to quote (on sale, financeable, of a financed kind) and the
 * rest, whose stored figure (if any) goes. "all", or a JSON list of ids as the job carries it. An import queues every
 * product of a batch, riderwear too, so this is one statement per 500 ids rather than a product read per id: at
 * 100,000 variants that was ~20,000 reads for ~2,000 bikes.
 */
async function productsToQuote(payload: Payload, productIds: string): Promise<{ quote: number[]; drop: number[] }> {
  const kinds = [...FINANCEABLE_KINDS]
  const eligible = (p = '') => `${p}status = 'active' AND ${p}vehicle_financeable = ${isPostgres(payload) ? 'true' : '1'} AND ${p}kind IN (${placeholders(kinds.length)})`
  if (productIds === 'all') {
    const quote = await readRows(payload, { sql: `SELECT id FROM products WHERE ${eligible()} ORDER BY id`, args: kinds })
    const stored = await readRows(payload, { sql: `SELECT f.product_id AS id FROM product_monthly_figures f LEFT JOIN products p ON p.id = f.product_id AND ${eligible('p.')} WHERE p.id IS NULL`, args: kinds })
    return { quote: quote.map((r) => Number(r.id)), drop: stored.map((r) => Number(r.id)) }
  }
  const parsed: unknown = JSON.parse(productIds)
  const ids = Array.isArray(parsed) ? [...new Set(parsed.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))] : []
  const quote = new Set<number>()
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500)
    const rows = await readRows(payload, { sql: `SELECT id FROM products WHERE ${eligible()} AND id IN (${placeholders(chunk.length)})`, args: [...kinds, ...chunk] })
    for (const r of rows) quote.add(Number(r.id))
  }
  return { quote: ids.filter((id) => quote.has(id)), drop: ids.filter((id) => !quote.has(id)) }
}

/**
 * Quoting is the shop's own work in the shop's own process (the built-in provider, ADR 030), so a refresh of every
 * bike would otherwise take the event loop from the customers for as long as it runs. After each bike the refresh
 * rests as long as the bike took (at most 50 ms): it uses at most about half of the process, and requests that
 * arrive meanwhile wait for one bike's work at most.
 */
async function rest(sinceMs: number): Promise<void> {
  const took = performance.now() - sinceMs
  await new Promise((resolve) => setTimeout(resolve, Math.min(50, Math.max(1, took))))
}

/** Quotes the products again and stores each one's card figure; idempotent, so a retried job changes nothing twice. */
export async function refreshMonthlyFigures(
  payload: Payload,
  productIds: string,
  options: { source?: FinanceQuoteSource; now?: Date } = {},
): Promise<{ stored: number; removed: number }> {
  const { quote: ids, drop } = await productsToQuote(payload, productIds)
  let stored = 0
  let removed = 0
  const changed: number[] = []
  for (let i = 0; i < drop.length; i += 500) {
    const chunk = drop.slice(i, i + 500)
    const before = await readMonthlyFigures(payload, chunk)
    await writeMonthlyFigures(payload, [], chunk, options.now ?? new Date())
    for (const id of chunk) if (before.has(id)) changed.push(id)
    removed += chunk.length
  }
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100)
    const before = await readMonthlyFigures(payload, chunk)
    const figures: StoredMonthlyFigure[] = []
    const none: number[] = []
    for (const id of chunk) {
      const started = performance.now()
      const found = await cardQuote(payload, id, options)
      await rest(started)
      if (!found) {
        none.push(id)
        continue
      }
      const { quote } = found
      figures.push({
        productId: id,
        monthlyPence: quote.example.regularPaymentPence,
        facilityType: quote.facilityType,
        aprPercent: quote.example.aprPercent,
        termMonths: quote.example.termMonths,
        depositPence: quote.example.depositPence,
        cashPricePence: quote.example.cashPricePence,
        lenderName: quote.lenderName,
        example: quote.example,
        source: options.source?.name ?? 'configured',
      })
    }
    await writeMonthlyFigures(payload, figures, none, options.now ?? new Date())
    for (const f of figures) if (!sameFigure(before.get(f.productId), f)) changed.push(f.productId)
    for (const id of none) if (before.has(id)) changed.push(id)
    stored += figures.length
    removed += none.length
  }
  // Only the pages that show a figure that changed (those products' pages, the listings, the home page): a
  // refresh of every bike after a lender edit otherwise emptied every cache, the content pages' too, each time.
  if (changed.length) await revalidateProducts(payload, changed, 'monthly figures refreshed')
  return { stored, removed }
}

/** Whether a card would show the same: the figure and its representative example. */
function sameFigure(a: StoredMonthlyFigure | undefined, b: StoredMonthlyFigure): boolean {
  return !!a && a.monthlyPence === b.monthlyPence && a.lenderName === b.lenderName && canonical(a.example) === canonical(b.example)
}

/** JSON with keys in order: PostgreSQL's jsonb answers an object's keys in an order of its own. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value ?? null)
}
