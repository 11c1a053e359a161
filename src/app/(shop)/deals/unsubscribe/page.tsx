import type { Metadata } from 'next'
import { paths } from '../../../../config/paths'

export const metadata: Metadata = { title: 'Stop emails about a bike', robots: { index: false, follow: false }, referrer: 'no-referrer' }
export const dynamic = 'force-dynamic'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

// The link in a deal's reminder lands here; one press stops the emails (mail programs can do it themselves, RFC 8058).
export default async function Page({ searchParams }: Props) {
  const params = await searchParams
  const token = typeof params.token === 'string' ? params.token : ''
  if (params.done === '1') {
    return (
      <div className="container">
        <h1>You will get no more emails about this bike</h1>
        <p>Your deal page still works from the link in your earlier emails. If you change your mind, <a href={paths.home()}>ask us about the bike</a> again.</p>
      </div>
    )
  }
  return (
    <div className="container">
      <h1>Stop emails about a bike</h1>
      {params.invalid === '1' || !token ? (
        <p role="alert">This link is not valid. Reply to our email and we will stop writing to you.</p>
      ) : (
        <form method="post" action={`${paths.api.dealUnsubscribe(token)}&from=page`}>
          <p>We will not send you any more emails about this bike, reminders included.</p>
          <button type="submit" className="button button--solid">Stop these emails</button>
        </form>
      )}
    </div>
  )
}
