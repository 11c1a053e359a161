// The mileage-over-time chart: SVG drawn on the server, so it shows without JavaScript. The picture is hidden from
// screen readers, which get the same readings as the MOT table beside it and a one-line summary instead. Its labels
// (the top of the scale, the first and last years) are page text around the picture, not SVG text, so their contrast
// is that of any other text on the page.
import type { ChartGeometry } from '../../../domain/vehicles/mileage'
import { numberText } from '../../../lib/text/number-text'

export function MileageChart({ chart, summaryId }: { chart: ChartGeometry; summaryId: string }) {
  const bottom = chart.height - 24
  return (
    <figure className="used-mileage" aria-describedby={summaryId}>
      <p className="used-mileage__max" aria-hidden="true">{numberText(chart.maxMiles)} mi</p>
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} width="100%" aria-hidden="true" focusable="false" className="used-mileage__svg" data-testid="mileage-chart">
        <line x1="24" y1={bottom} x2={chart.width - 24} y2={bottom} className="used-mileage__axis" />
        <line x1="24" y1="24" x2="24" y2={bottom} className="used-mileage__axis" />
        <polyline points={chart.line} className="used-mileage__line" fill="none" />
        {chart.dots.map((d) => (
          <circle key={`${d.point.date}-${d.point.miles}`} cx={d.x} cy={d.y} r={d.drop ? 5 : 3.5} className={d.drop ? 'used-mileage__dot used-mileage__dot--drop' : 'used-mileage__dot'} />
        ))}
      </svg>
      <p className="used-mileage__years" aria-hidden="true">
        <span>{chart.firstYear}</span>
        <span>{chart.lastYear}</span>
      </p>
      <figcaption id={summaryId}>
        Mileage at each MOT, from {numberText(chart.dots[0]!.point.miles)} miles in {chart.firstYear} to {numberText(chart.dots[chart.dots.length - 1]!.point.miles)} miles in {chart.lastYear}
        {chart.dots.some((d) => d.drop) ? '; one reading is lower than an earlier one (marked larger).' : ', rising at every test.'} Every reading is in the table below.
      </figcaption>
    </figure>
  )
}
