'use client'
// A listing card's compare control and the listing's link to the comparison: the same list as a bike page's
// "Add to compare" (compare-list.ts), so a rider can pick up to four bikes from any listing without opening them.
// Each control shows once the browser's list is known; until then (and without JavaScript) its room stays empty,
// so nothing on the page moves when it appears.
import { paths } from '../../../config/paths'
import { compareLinkText, MAX_COMPARED } from '../../../domain/catalogue/compare'
import { compareListOf, toggleInCompareList, useCompareRaw } from '../compare-list'

export function CardCompare({ slug, name }: { slug: string; name: string }) {
  const list = compareListOf(useCompareRaw())
  if (list === null) return null
  const chosen = list.includes(slug)
  return (
    <button type="button" className="card-compare" aria-pressed={chosen} onClick={() => toggleInCompareList(slug)}>
      <svg aria-hidden="true" className="card-compare__box" width="18" height="18" viewBox="0 0 18 18">
        <rect x="1" y="1" width="16" height="16" rx="3" fill={chosen ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" />
        {chosen && <path d="M4.5 9.5l3 3 6-7" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />}
      </svg>
      {chosen ? 'Added to compare' : 'Add to compare'}
      <span className="visually-hidden">: {name}</span>
    </button>
  )
}

/** The link to the comparison, kept in view at the foot of the screen while the listing scrolls; a live region, so a
 * change is read out ("Compare 2 bikes"). */
export function CompareBar() {
  const list = compareListOf(useCompareRaw())
  return (
    <div className="compare-bar" role="status">
      {list !== null && list.length > 0 && (
        <div className="compare-bar__inner">
          {list.length < MAX_COMPARED && <span className="compare-bar__text">{list.length === 1 ? 'Add another bike to compare it with.' : `You can add ${MAX_COMPARED - list.length} more.`}</span>}
          <a className="button button--primary" href={paths.compare(list)}>
            {compareLinkText(list.length)}
          </a>
        </div>
      )}
    </div>
  )
}
