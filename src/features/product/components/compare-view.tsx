// The compare page: up to four bikes as rows of facts. A table for assistive technology; on a phone
// each row stacks its label above one cell a bike, so nothing scrolls sideways. Rows that differ say so in words.
import { Picture } from '../../../components/ui/picture'
import { RepresentativeExample, type FinanceDisclosures } from '../../../components/ui/representative-example'
import { paths } from '../../../config/paths'
import { compareRows } from '../../../domain/catalogue/compare'
import { formatPence } from '../../../domain/money'
import type { ComparedBike } from '../compare.server'
import '../compare.css'

interface Props {
  readonly bikes: readonly ComparedBike[]
  readonly disclosures: FinanceDisclosures
  readonly onlyDifferences?: boolean
}

export function CompareView({ bikes, disclosures, onlyDifferences = false }: Props) {
  const slugs = bikes.map((b) => b.slug)
  if (bikes.length === 0) {
    return (
      <div className="container compare">
        <h1>Compare bikes</h1>
        <p>Choose “Add to compare” on up to four bikes, in any list of bikes or on their pages, then come back here to see them side by side.</p>
        <p>
          <a className="button button--solid" href={paths.allBikes()}>Browse all bikes</a>
        </p>
      </div>
    )
  }
  const all = compareRows(
    bikes.map((b) => b.facts),
    { money: formatPence },
  )
  const rows = onlyDifferences ? all.filter((r) => r.differs || r.key === 'price') : all
  const differing = all.filter((r) => r.differs).length
  const example = bikes.find((b) => b.example)
  const columns = { '--compare-columns': String(bikes.length) } as React.CSSProperties
  return (
    <div className="container compare">
      <h1>Compare bikes</h1>
      <p className="compare__summary">
        {bikes.length === 1 ? 'One bike' : `${bikes.length} bikes`}; {differing === 1 ? 'one row differs' : `${differing} rows differ`}.{' '}
        {bikes.length > 1 &&
          (onlyDifferences ? (
            <a href={paths.compare(slugs)}>Show every row</a>
          ) : (
            <a href={`${paths.compare(slugs)}&only=differences`}>Show only the differences</a>
          ))}
      </p>
      <table className="compare__table" style={columns} data-columns={bikes.length} aria-describedby="compare-key">
        <caption className="visually-hidden">Compared bikes, one column a bike</caption>
        <thead>
          <tr className="compare__row compare__row--bikes">
            <td className="compare__corner" />
            {bikes.map((b) => (
              <th key={b.slug} scope="col" className="compare__bike">
                <Picture media={b.image} sizes="(min-width: 900px) 200px, 25vw" className="compare__image" alt="" />
                <a href={paths.product(b.slug)} className="compare__name">{b.name}</a>
                <a href={paths.compare(slugs.filter((s) => s !== b.slug))} className="compare__remove">
                  Remove<span className="visually-hidden"> {b.name}</span>
                </a>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.differs ? 'compare__row compare__row--differs' : 'compare__row'}>
              <th scope="row" className="compare__label">
                {row.label}
                {row.differs && <span className="compare__differs"> (differs)</span>}
              </th>
              {row.values.map((value, i) => (
                <td key={slugs[i]} className="compare__cell">
                  <span className="compare__cell-bike" aria-hidden="true">{bikes[i]!.name}</span>
                  {value ?? <span className="compare__none">Not stated</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p id="compare-key" className="compare__key">Prices include every mandatory charge. Monthly figures are representative examples at each bike’s standard deposit and term, subject to status.</p>
      {example?.example && (
        <RepresentativeExample example={example.example.example} lenderName={example.example.lenderName} disclosures={disclosures} headingLevel={2} title={`Representative example: ${example.name}`} />
      )}
    </div>
  )
}
