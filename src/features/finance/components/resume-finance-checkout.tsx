'use client'
// A finance step opened without ?product= (a bookmark, the back button, a shared link): the finance checkout held in
// this browser resumes at the same step; with none, the page helps the customer choose a bike instead of a 404.
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { STORE_STORAGE_KEY } from '../../../config/browser-storage'
import { paths } from '../../../config/paths'
import type { FinanceStep } from './finance-steps'

function ChooseABike() {
  return (
    <>
      <p>Finance is arranged for one bike at a time. Choose the motorcycle, scooter or e-bike you would like, then use “Buy on finance” on its page to see HP and PCP quotes.</p>
      <p>
        <a className="button button--solid" href={paths.allBikes()}>
          Choose a bike
        </a>
      </p>
    </>
  )
}

export function ResumeFinanceCheckout({ step }: { readonly step: FinanceStep }) {
  const router = useRouter()
  const [nothingStored, setNothingStored] = useState(false)

  useEffect(() => {
    let cancelled = false
    void import('../resume-finance').then(({ resumeFinanceHref }) => {
      if (cancelled) return
      let raw: string | null = null
      try {
        raw = window.localStorage.getItem(STORE_STORAGE_KEY)
      } catch {
        // Storage refused (private mode): nothing to resume.
      }
      const href = resumeFinanceHref(step, raw)
      if (href) router.replace(href)
      else setNothingStored(true)
    })
    return () => {
      cancelled = true
    }
  }, [router, step])

  return (
    <div className="container fc-page">
      <h1>Buy on finance</h1>
      {nothingStored ? (
        <ChooseABike />
      ) : (
        <>
          <p className="fc-status" role="status">
            Looking for your finance quote…
          </p>
          <noscript>
            <ChooseABike />
          </noscript>
        </>
      )}
    </div>
  )
}
