'use client'
// Cancel from the emailed link (no account): asks once more, then the deposit is refunded and the page shows it.
import { useRouter } from 'next/navigation'
import { useRef, useState } from 'react'
import { Problem, refusalText } from './form-fields'
import { cancelReservation } from '../api/cancel-reservation'

export function CancelReservation({ token, depositText }: { token: string; depositText: string }) {
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const problemRef = useRef<HTMLDivElement>(null)

  async function cancel() {
    setSending(true)
    setProblem(null)
    try {
      const answer = await cancelReservation({ token })
      if (answer.ok) {
        const body = answer.body
        setDone(body.refunded ? `Your reservation is cancelled and your ${depositText} deposit has been refunded to your card.` : 'Your reservation is cancelled. Nothing was charged.')
        router.refresh()
      } else setProblem(refusalText(answer.body))
    } catch {
      setProblem('We could not reach the shop. Please check your connection and try again.')
    }
    setSending(false)
    requestAnimationFrame(() => problemRef.current?.focus())
  }

  if (done) return <p role="status" className="reservation-message" data-testid="cancelled-message">{done}</p>
  return (
    <div>
      <Problem message={problem} innerRef={problemRef} />
      {confirming ? (
        <p>
          <button type="button" className="button-danger" onClick={() => void cancel()} disabled={sending}>
            {sending ? 'Cancelling…' : `Yes, cancel and refund ${depositText}`}
          </button>{' '}
          <button type="button" className="button" onClick={() => setConfirming(false)} disabled={sending}>
            Keep my reservation
          </button>
        </p>
      ) : (
        <button type="button" className="button-danger" onClick={() => setConfirming(true)}>
          Cancel reservation
        </button>
      )}
    </div>
  )
}
