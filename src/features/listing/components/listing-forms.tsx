// The filter and sort forms: plain GET forms with submit buttons, so they work without JavaScript and
// leave their state in the address. They never submit on change (WCAG 3.2.2: no change of context on input).
import { LICENCE_CATEGORIES } from '../../../domain/catalogue/product-kind'
import {
  BIKE_TYPES,
  EMPTY_LISTING_QUERY,
  FRAME_SIZES,
  hasFilters,
  listingHref,
  listingParams,
  LISTING_SORTS,
  SORT_LABELS,
  type ListingQuery,
} from '../../../domain/catalogue/listing-query'
import type { ListingFacets } from '../queries.server'

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

function Checkboxes({ name, legend, options, checked }: { name: string; legend: string; options: { value: string; label: string }[]; checked: string[] }) {
  return (
    <fieldset className="filters__group">
      <legend>{legend}</legend>
      <ul className="filters__options">
        {options.map((o) => (
          <li key={o.value}>
            <label className="filters__check">
              <input type="checkbox" name={name} value={o.value} defaultChecked={checked.includes(o.value)} />
              {o.label}
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
}

export function FilterForm({ basePath, query, facets, showBrands = true }: FilterFormProps) {
  const motor = facets.kinds.some((k) => k === 'motorcycle' || k === 'scooter')
  const cycle = facets.kinds.some((k) => k === 'bicycle' || k === 'e-bike')
  const ebike = facets.kinds.includes('e-bike')
  const keep = listingParams({ ...EMPTY_LISTING_QUERY, sort: query.sort, q: query.q })
  const filtered = hasFilters(query)
  const active = listingParams({ ...query, sort: 'relevance', page: 1, q: '' }).size
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
                <option key={c.path} value={c.path}>
                  {'\u2003'.repeat(c.depth)}
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {showBrands && facets.brands.length > 1 && (
          <Checkboxes name="brand" legend="Brand" options={facets.brands.map((b) => ({ value: b.slug, label: b.name }))} checked={query.brands} />
        )}
        <fieldset className="filters__group">
          <legend>Condition</legend>
          <ul className="filters__options filters__options--inline">
            {([['', 'Any'], ['new', 'New'], ['used', 'Used']] as const).map(([value, label]) => (
              <li key={value || 'any'}>
                <label className="filters__check">
                  <input type="radio" name="condition" value={value} defaultChecked={(query.condition ?? '') === value} />
                  {label}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset className="filters__group">
          <legend>Price (£)</legend>
          <div className="filters__range">
            <div>
              <label htmlFor="filter-min">From</label>
              <input id="filter-min" name="min" type="number" inputMode="decimal" min={0} step="any" defaultValue={pounds(query.minPricePence)} />
            </div>
            <div>
              <label htmlFor="filter-max">To</label>
              <input id="filter-max" name="max" type="number" inputMode="decimal" min={0} step="any" defaultValue={pounds(query.maxPricePence)} />
            </div>
          </div>
        </fieldset>
        {motor && (
          <fieldset className="filters__group">
            <legend>Motorcycles and scooters</legend>
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
            <Checkboxes name="licence" legend="Licence category" options={LICENCE_CATEGORIES.map((l) => ({ value: l, label: l }))} checked={query.licences} />
          </fieldset>
        )}
        {cycle && (
          <fieldset className="filters__group">
            <legend>Bicycles and e-bikes</legend>
            <Checkboxes name="frame" legend="Frame size" options={FRAME_SIZES.map((f) => ({ value: f, label: f }))} checked={query.frameSizes} />
            <Checkboxes name="type" legend="Bicycle type" options={BIKE_TYPES.map((t) => ({ value: t, label: BIKE_TYPE_LABELS[t] }))} checked={query.bikeTypes} />
            {ebike && (
              <div className="filters__field">
                <label htmlFor="filter-range">E-bike range at least (miles)</label>
                <input id="filter-range" name="range" type="number" inputMode="numeric" min={0} max={500} step={1} defaultValue={query.batteryRangeMinMiles ?? ''} />
              </div>
            )}
          </fieldset>
        )}
        <div className="filters__actions">
          <button type="submit" className="listing-button listing-button--primary">Show results</button>
          {filtered && (
            <a href={listingHref(basePath, { ...EMPTY_LISTING_QUERY, sort: query.sort, q: query.q })} className="listing-button">
              Clear filters
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
