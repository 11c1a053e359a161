// The filter and sort forms: plain GET forms with submit buttons, so they work without JavaScript and
// leave their state in the address. They never submit on change (WCAG 3.2.2: no change of context on input).
import { LICENCE_CATEGORIES } from '../../../domain/catalogue/product-kind'
import {
  BIKE_TYPES,
  EMPTY_LISTING_QUERY,
  activeFilterCount,
  FRAME_SIZES,
  listingHref,
  listingParams,
  LISTING_SORTS,
  SORT_LABELS,
  type ListingQuery,
} from '../../../domain/catalogue/listing-query'
import { ENGINE_BANDS, PRICE_BANDS } from '../../../domain/catalogue/listing-bands'
import { countSuffix, facetOption, rangeChoices, spokenCountSuffix, type FacetOption } from '../../../domain/catalogue/listing-facets'
import type { ListingFacets } from '../queries.server'
import { BUDGET_TERMS, DEFAULT_BUDGET_TERM, MAX_BUDGET_POUNDS } from '../../../domain/finance/monthly-figures'

function HiddenParams({ params }: { params: URLSearchParams }) {
  return (
    <>
      {[...params].map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
    </>
  )
}

function pounds(pence: number | null): string {
  if (pence === null) return ''
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2)
}

/** "Honda (12)" on screen; the input's own name says "Honda, 12 bikes" (a hidden suffix would be read "Honda , 12 bikes"). */
function OptionText({ option }: { option: FacetOption }) {
  return (
    <span className="filters__text">
      {option.label}
      <span className="filters__count" aria-hidden="true">
        {countSuffix(option.count)}
      </span>
    </span>
  )
}

/** `inline`: a few short options side by side; `stacked`: one long option (a band) per row; otherwise a grid. */
function Choices({ type, name, legend, options, noun, layout = 'grid' }: { type: 'checkbox' | 'radio'; name: string; legend: string; options: FacetOption[]; noun: string; layout?: 'grid' | 'inline' | 'stacked' }) {
  return (
    <fieldset className="filters__group">
      <legend>{legend}</legend>
      <ul className={layout === 'grid' ? 'filters__options' : `filters__options filters__options--${layout}`}>
        {options.map((o) => (
          <li key={o.value || 'any'}>
            <label className={o.disabled ? 'filters__check filters__check--none' : 'filters__check'}>
              <input type={type} name={name} value={o.value} defaultChecked={o.chosen} disabled={o.disabled} aria-label={`${o.label}${spokenCountSuffix(o.count, noun)}`} />
              <OptionText option={o} />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

const BIKE_TYPE_LABELS: Record<(typeof BIKE_TYPES)[number], string> = {
  road: 'Road',
  gravel: 'Gravel',
  mountain: 'Mountain',
  hybrid: 'Hybrid',
  city: 'City',
  folding: 'Folding',
  cargo: 'Cargo',
  kids: 'Kids',
}

export interface FilterFormProps {
  basePath: string
  query: ListingQuery
  facets: ListingFacets
  /** on a brand page the brand is fixed */
  showBrands?: boolean
  /** what the counts count: "bike" on /all-bikes, "product" elsewhere */
  noun?: string
}

/**
 * What the filter form reads of the facets: the same, without the per-brand and per-category counts by id, which
 * the form takes from `brands` and `categories` (so that the page's data does not carry them twice).
 */
export function filterFormFacets(facets: ListingFacets): ListingFacets {
  return { ...facets, counts: { ...facets.counts, byFacet: { ...facets.counts.byFacet, category: {}, brand: {} } } }
}

export function FilterForm({ basePath, query, facets, showBrands = true, noun = 'product' }: FilterFormProps) {
  const motor = facets.kinds.some((k) => k === 'motorcycle' || k === 'scooter')
  const cycle = facets.kinds.some((k) => k === 'bicycle' || k === 'e-bike')
  const ebike = facets.kinds.includes('e-bike')
  const keep = listingParams({ ...EMPTY_LISTING_QUERY, sort: query.sort, q: query.q, budget: query.budget })
  const active = activeFilterCount(query)
  const { byFacet, any } = facets.counts
  const count = (facet: keyof typeof byFacet, value: string) => byFacet[facet][value] ?? 0
  const conditionOptions = [
    facetOption('', 'Any', any.condition, query.condition === null),
    facetOption('new', 'New', count('condition', 'new'), query.condition === 'new'),
    facetOption('used', 'Used', count('condition', 'used'), query.condition === 'used'),
  ]
  const rangeOptions = [
    facetOption('', 'Any range', any.range, query.batteryRangeMinMiles === null),
    ...rangeChoices(query).map((miles) => facetOption(String(miles), `At least ${miles} miles`, count('range', String(miles)), query.batteryRangeMinMiles === miles)),
  ]
  // folded on phones even when filters are on, so the results stay near the top after filtering
  return (
    <details className="filters">
      <summary className="filters__summary">Filters{active ? ` (${active} active)` : ''}</summary>
      <form method="get" action={basePath} className="filters__form" aria-labelledby="filters-heading">
        <h2 id="filters-heading" className="filters__heading">Filter</h2>
        <HiddenParams params={keep} />
        {facets.categories.length > 0 && (
          <div className="filters__field">
            <label htmlFor="filter-category">Category</label>
            <select id="filter-category" name="category" defaultValue={query.category ?? ''}>
              <option value="">All categories</option>
              {facets.categories.map((c) => (
                <option key={c.path} value={c.path} disabled={c.count === 0 && c.path !== query.category}>
                  {'\u2003'.repeat(c.depth)}
                  {c.name}
                  {countSuffix(c.count)}
                </option>
              ))}
            </select>
          </div>
        )}
        {showBrands && facets.brands.length > 1 && (
          <Choices type="checkbox" name="brand" legend="Brand" noun={noun} options={facets.brands.map((b) => facetOption(b.slug, b.name, b.count, query.brands.includes(b.slug)))} />
        )}
        <Choices type="radio" name="condition" legend="Condition" noun={noun} layout="inline" options={conditionOptions} />
        <fieldset className="filters__group">
          <legend>Price</legend>
          <Choices
            type="checkbox"
            name="price"
            legend="Price band"
            noun={noun}
            layout="stacked"
            options={PRICE_BANDS.map((b) => facetOption(b.id, b.label, count('priceBand', b.id), query.priceBands.includes(b.id)))}
          />
          <div className="filters__range">
            <div>
              <label htmlFor="filter-min">From (£)</label>
              <input id="filter-min" name="min" type="number" inputMode="decimal" min={0} step="any" defaultValue={pounds(query.minPricePence)} />
            </div>
            <div>
              <label htmlFor="filter-max">To (£)</label>
              <input id="filter-max" name="max" type="number" inputMode="decimal" min={0} step="any" defaultValue={pounds(query.maxPricePence)} />
            </div>
          </div>
        </fieldset>
        {motor && (
          <fieldset className="filters__group">
            <legend>Motorcycles and scooters</legend>
            <Choices
              type="checkbox"
              name="engine"
              legend="Engine size"
              noun={noun}
              layout="stacked"
              options={ENGINE_BANDS.map((b) => facetOption(b.id, b.label, count('engineBand', b.id), query.engineBands.includes(b.id)))}
            />
            <div className="filters__range">
              <div>
                <label htmlFor="filter-cc-min">Engine from (cc)</label>
                <input id="filter-cc-min" name="ccMin" type="number" inputMode="numeric" min={0} max={3000} step={1} defaultValue={query.engineCcMin ?? ''} />
              </div>
              <div>
                <label htmlFor="filter-cc-max">Engine to (cc)</label>
                <input id="filter-cc-max" name="ccMax" type="number" inputMode="numeric" min={0} max={3000} step={1} defaultValue={query.engineCcMax ?? ''} />
              </div>
            </div>
            <Choices
              type="checkbox"
              name="licence"
              legend="Licence category"
              noun={noun}
              options={LICENCE_CATEGORIES.map((l) => facetOption(l, l, count('licence', l), query.licences.includes(l)))}
            />
          </fieldset>
        )}
        {cycle && (
          <fieldset className="filters__group">
            <legend>Bicycles and e-bikes</legend>
            <Choices
              type="checkbox"
              name="frame"
              legend="Frame size"
              noun={noun}
              options={FRAME_SIZES.map((f) => facetOption(f, f, count('frame', f), query.frameSizes.includes(f)))}
            />
            <Choices
              type="checkbox"
              name="type"
              legend="Bicycle type"
              noun={noun}
              options={BIKE_TYPES.map((t) => facetOption(t, BIKE_TYPE_LABELS[t], count('type', t), query.bikeTypes.includes(t)))}
            />
            {ebike && <Choices type="radio" name="range" legend="E-bike range" noun={noun} layout="stacked" options={rangeOptions} />}
          </fieldset>
        )}
        <div className="filters__actions">
          <button type="submit" className="listing-button listing-button--primary">Show results</button>
          {active > 0 && (
            <a href={listingHref(basePath, { ...EMPTY_LISTING_QUERY, sort: query.sort, q: query.q, budget: query.budget })} className="listing-button">
              Clear filters
            </a>
          )}
        </div>
      </form>
    </details>
  )
}

/**
 * The budget filter: the most a rider wants to pay a month, their deposit and term. A GET form like the
 * others, keeping every other filter; the listing then keeps the bikes whose best hire-purchase quote fits, cheapest first.
 */
export function BudgetForm({ basePath, query }: { basePath: string; query: ListingQuery }) {
  const keep = listingParams({ ...query, budget: null, page: 1 })
  const budget = query.budget
  // Folded on phones like the filters (open once a budget is set), so the first bikes stay on the first screen.
  return (
    <details className="filters budget-filter" open={budget !== null}>
      <summary className="filters__summary">Monthly budget{budget ? ' (set)' : ''}</summary>
      <form method="get" action={basePath} className="budget-form" aria-labelledby="budget-heading">
        <h2 id="budget-heading" className="budget-form__heading">Shop by monthly budget</h2>
        <HiddenParams params={keep} />
        <div className="budget-form__fields">
          <div>
            <label htmlFor="budget-monthly">Most per month (£)</label>
            <input id="budget-monthly" name="monthly" type="number" inputMode="decimal" min={1} max={MAX_BUDGET_POUNDS} step="any" defaultValue={pounds(budget?.monthlyPence ?? null)} />
          </div>
          <div>
            <label htmlFor="budget-deposit">Deposit (£)</label>
            <input id="budget-deposit" name="deposit" type="number" inputMode="decimal" min={0} step="any" defaultValue={pounds(budget?.depositPence ?? null)} />
          </div>
          <div>
            <label htmlFor="budget-term">Term</label>
            <select id="budget-term" name="term" defaultValue={String(budget?.termMonths ?? DEFAULT_BUDGET_TERM)}>
              {BUDGET_TERMS.map((t) => (
                <option key={t} value={t}>
                  {t} months
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="budget-form__hint">Hire purchase quotes from our panel of lenders, subject to status.</p>
        <div className="filters__actions">
          <button type="submit" className="listing-button listing-button--primary">Show bikes in budget</button>
          {budget && (
            <a href={listingHref(basePath, { ...query, budget: null, page: 1 })} className="listing-button">
              Clear budget
            </a>
          )}
        </div>
      </form>
    </details>
  )
}

export function SortForm({ basePath, query }: { basePath: string; query: ListingQuery }) {
  const keep = listingParams({ ...query, sort: 'relevance', page: 1 })
  return (
    <form method="get" action={basePath} className="sort-form">
      <HiddenParams params={keep} />
      <label htmlFor="sort">Sort by</label>
      <select id="sort" name="sort" defaultValue={query.sort}>
        {LISTING_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      <button type="submit" className="listing-button">Sort</button>
    </form>
  )
}
