'use client'
// "Add to compare" on a bike's page: the list lives in this browser only, and the link it builds is
// the comparison, so it can be shared. Without JavaScript the button never shows; the compare page still works.
import { paths } from '../../../config/paths'
import { compareLinkText } from '../../../domain/catalogue/compare'
import { compareListOf, toggleInCompareList, useCompareRaw } from '../../catalogue/compare-list'

export function CompareToggle({ slug, name }: { slug: string; name: string }) {
  // null on the server and during hydration: the button appears once the browser's list is known.
  const list = compareListOf(useCompareRaw())
  if (list === null) return null
  const chosen = list.includes(slug)
  return (
    <p className="pdp-compare">
      <button type="button" className="button" aria-pressed={chosen} onClick={() => toggleInCompareList(slug)}>
        {chosen ? 'Added to compare' : 'Add to compare'}
        <span className="visually-hidden">: {name}</span>
      </button>
      <span role="status" className="pdp-compare__status">
        {list.length > 0 && (
          <a href={paths.compare(list)}>{compareLinkText(list.length)}</a>
        )}
      </span>
    </p>
  )
}
