import type { Metadata } from 'next'
import { paths } from '../../../../config/paths'

export const metadata: Metadata = { title: 'Stop saved-bike emails', robots: { index: false, follow: false } }
export const dynamic = 'force-dynamic'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

// The link in an alert email lands here; one press stops the emails (mail clients can do it themselves, RFC 8058).
export default async function Page({ searchParams }: Props) {
  const params = await searchParams
  const token = typeof params.token === 'string' ? params.token : ''
  if (params.done === '1') {
    return (
      <div className="container">
        <h1>You will get no more emails about this bike</h1>
        <p>You can turn alerts back on from <a href={paths.saved()}>your saved bikes</a>.</p>
      </div>
    )
  }
  return (
    <div className="container">
      <h1>Stop emails about a saved bike</h1>
      {params.invalid === '1' || !token ? (
        <p role="alert">This link is not valid. You can turn alerts off from <a href={paths.saved()}>your saved bikes</a> after signing in.</p>
      ) : (
        <form method="post" action={`${paths.savedAlertsUnsubscribeApi(token)}&from=page`}>
          <p>We will stop emailing you when this bike’s price drops or it is back in stock.</p>
          <button type="submit" className="button button--solid">Stop these emails</button>
        </form>
      )}
    </div>
  )
}
