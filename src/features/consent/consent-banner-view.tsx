// The cookie banner's markup, drawn by the server into every page (so it paints with the page) and by the
// live ConsentBanner once its code has loaded.
import type { ConsentChoice } from './consent'

interface Props {
  /** Reopened from "Cookie settings": never hidden by the stored-choice check. */
  readonly reopened: boolean
  readonly onChoose?: (choice: ConsentChoice) => void
}

export function ConsentBannerView({ reopened, onChoose }: Props) {
  return (
    <section className={reopened ? 'consent' : 'consent consent--first'} role="region" aria-labelledby="consent-title">
      <h2 id="consent-title" className="consent__title">Cookies</h2>
      <p>
        We use essential cookies to run the shop. With your permission we’d also use analytics cookies to see how the site is used.
        Read our <a href="/cookies">cookie policy</a>.
      </p>
      <div className="consent__actions">
        <button type="button" className="button button--solid" onClick={onChoose && (() => onChoose('accepted'))}>Accept analytics cookies</button>
        <button type="button" className="button button--solid" onClick={onChoose && (() => onChoose('declined'))}>Reject analytics cookies</button>
      </div>
    </section>
  )
}
