'use client'
// The saved-bikes page's controls: joins a guest's list to the account when signed in, shows a guest's
// list by putting it in the link, and lets a customer remove bikes and turn alerts on or off.
import { useEffect, useState } from 'react'
import { useRouter } from 'next/navigation'
import { paths } from '../../../config/paths'
import { readLocalSaved, savedBikesCall, syncSavedBikes, writeLocalSaved } from './save-bike-button'

interface Props {
  readonly signedIn: boolean
  /** The slugs the page shows: the account's bikes on sale, or for a guest the bikes the link names. */
  readonly shown: readonly string[]
  readonly alerts: boolean
}

export function SavedBikesManager({ signedIn, shown, alerts }: Props) {
  const router = useRouter()
  const [message, setMessage] = useState('')
  useEffect(() => {
    void syncSavedBikes().then((s) => {
      if (!s) return
      const same = s.slugs.length === shown.length && s.slugs.every((x, i) => x === shown[i])
      if (s.signedIn && !same) router.refresh()
      if (!s.signedIn && !same) router.replace(paths.saved(s.slugs))
    })
  }, [router, shown])

  const setAlerts = async (on: boolean) => {
    const next = await savedBikesCall({ action: 'alerts', alerts: on })
    setMessage(next ? (on ? 'We will email you once when a saved bike’s price drops or it is back in stock.' : 'Alerts are off.') : 'That did not work; please try again.')
    router.refresh()
  }

  return (
    <div className="saved-manager">
      {signedIn ? (
        <p className="saved-manager__alerts">
          <label>
            <input type="checkbox" defaultChecked={alerts} onChange={(e) => void setAlerts(e.currentTarget.checked)} /> Email me when a saved bike’s price drops or it is back in stock
          </label>
        </p>
      ) : (
        shown.length > 0 && (
          <p>
            These bikes are saved in this browser. <a href={paths.login(paths.saved())}>Sign in</a> to keep them on your account and to get an email when a price drops.
          </p>
        )
      )}
      <p role="status" className="saved-manager__message">{message}</p>
    </div>
  )
}

export function RemoveSavedBike({ slug, name, signedIn }: { slug: string; name: string; signedIn: boolean }) {
  const router = useRouter()
  const remove = async () => {
    if (signedIn) {
      await savedBikesCall({ action: 'remove', slugs: [slug] })
      router.refresh()
    } else {
      const next = readLocalSaved().filter((s) => s !== slug)
      writeLocalSaved(next)
      router.replace(paths.saved(next))
    }
  }
  return (
    <button type="button" className="button saved-remove" onClick={() => void remove()}>
      Remove<span className="visually-hidden"> {name}</span>
    </button>
  )
}
