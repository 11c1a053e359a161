// A used bike's road record on its product page: tax and MOT status, the history check and any write-off category,
// and each MOT test with the mileage chart. All server-rendered.
import type { UsedBikeTrust as Trust } from '../trust-view'
import { WRITE_OFF_WORDS } from '../../../domain/vehicles/history-check'
import { MileageChart } from './mileage-chart'
import { numberText } from '../../../lib/text/number-text'
import '../used-bikes.css'

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
const when = (iso: string) => <time dateTime={iso}>{dateFormat.format(new Date(`${iso}T00:00:00Z`))}</time>
const DEFECT_WORDS: Record<string, string> = { ADVISORY: 'Advisory', MINOR: 'Minor', MAJOR: 'Major', DANGEROUS: 'Dangerous', FAIL: 'Failure', PRS: 'Put right at test', 'USER ENTERED': 'Noted' }

export function WriteOffBadge({ category }: { category: keyof typeof WRITE_OFF_WORDS }) {
  return (
    <span className="badge badge--write-off" data-testid="write-off">
      <abbr title={WRITE_OFF_WORDS[category].long}>{WRITE_OFF_WORDS[category].short}</abbr>
    </span>
  )
}

export function UsedBikeTrust({ trust }: { trust: Trust }) {
  return (
    <section className="pdp-section used-trust" aria-labelledby="used-trust-title" data-testid="used-trust">
      <h2 id="used-trust-title">Road record and history</h2>
      {trust.writeOff && (
        <p className="used-trust__write-off">
          <WriteOffBadge category={trust.writeOff} /> {WRITE_OFF_WORDS[trust.writeOff].long}. It has been repaired and is sold as such.
        </p>
      )}
      <dl className="pdp-facts">
        {trust.taxStatus && (
          <div>
            <dt>Road tax</dt>
            <dd>
              {trust.taxStatus}
              {trust.taxDueDate && <> (due {when(trust.taxDueDate)})</>}
            </dd>
          </div>
        )}
        {trust.motStatus && (
          <div>
            <dt>MOT</dt>
            <dd>
              {trust.motStatus}
              {trust.motExpiryDate && <> (expires {when(trust.motExpiryDate)})</>}
            </dd>
          </div>
        )}
        {trust.historyCheckedOn && (
          <div>
            <dt>History check</dt>
            <dd data-testid="history-checked">
              History checked on {when(trust.historyCheckedOn)}
              {trust.historyProvider && <> with {trust.historyProvider}</>}: no outstanding finance, not recorded stolen.
            </dd>
          </div>
        )}
      </dl>
      {trust.motTests.length > 0 && (
        <>
          <h3>MOT history</h3>
          {trust.chart && <MileageChart chart={trust.chart} summaryId="used-mileage-summary" />}
          <div className="used-mot__scroll" role="region" aria-label="MOT tests" tabIndex={0}>
            <table className="used-mot" data-testid="mot-history">
              <caption className="visually-hidden">Each MOT test, newest first: date, result, odometer reading and advisories</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Result</th>
                  <th scope="col">Mileage</th>
                  <th scope="col">Advisories and defects</th>
                </tr>
              </thead>
              <tbody>
                {trust.motTests.map((t, i) => (
                  <tr key={`${t.date}-${i}`}>
                    <td>{when(t.date)}</td>
                    <td>{t.result === 'PASSED' ? 'Pass' : 'Fail'}</td>
                    <td>{t.odometerMiles === null ? 'Not read' : `${numberText(t.odometerMiles)} miles`}</td>
                    <td>
                      {t.defects.length === 0 ? (
                        'None'
                      ) : (
                        <ul className="used-mot__defects">
                          {t.defects.map((d, j) => (
                            <li key={j}>
                              {DEFECT_WORDS[d.type] ?? d.type}: {d.text}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}
