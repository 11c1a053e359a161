import { getPayload } from 'payload'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import config from '../src/payload.config'
import { parseListingQuery } from '../src/domain/catalogue/listing-query'

const { readListingFacets, readListingPage } = await import('../src/features/listing/queries.server')
const { FilterForm, BudgetForm } = await import('../src/features/listing/components/listing-forms')
const { ProductCard } = await import('../src/features/catalogue/components/product-card')
const payload = await getPayload({ config })
for (const q of ['q=under+5000', 'q=helmet', 'q=a2+bikes']) {
  const query = parseListingQuery(new URLSearchParams(q))
  const facets = await readListingFacets({ type: 'search' }, query)
  const page = await readListingPage({ type: 'search' }, query)
  const time = (label: string, el: () => unknown) => {
    for (let i = 0; i < 30; i++) renderToString(el() as never)
    const t = performance.now()
    let len = 0
    for (let i = 0; i < 100; i++) len = renderToString(el() as never).length
    console.log(q, label, ((performance.now() - t) / 100).toFixed(2), 'ms', len, 'bytes')
  }
  time('filter form', () => createElement(FilterForm, { basePath: '/search', query, facets, showBrands: true, noun: 'product' }))
  time('budget form', () => createElement(BudgetForm, { basePath: '/search', query }))
  time('24 cards', () => createElement('div', null, page.cards.map((p) => createElement(ProductCard, { key: p.id, product: p }))))
  console.log('facet JSON', JSON.stringify(facets).length, 'page JSON', JSON.stringify(page).length)
}
await payload.destroy()
process.exit(0)
