'use client'
// The coupon on the basket (spec §4): add a code, submit it, see it applied or marked invalid with the reason, remove it.
import { useState, type FormEvent } from 'react'
import type { CouponCodeState } from '../../../domain/coupons/coupon'
import { formatPence } from '../../../domain/money'
import { shopStore } from '../basket-store'

export function CouponForm({ coupon, discountPence, checking }: { coupon: CouponCodeState; discountPence: number; checking: boolean }) {
  const [code, setCode] = useState('')

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (code.trim() === '') return
    shopStore().dispatch({ type: 'couponAdd', code })
    setCode('')
  }

  const remove = () => shopStore().dispatch({ type: 'couponRemove' })

  if (coupon) {
    const invalid = coupon.status === 'invalid'
    return (
      <div className={`coupon coupon--${coupon.status}`} aria-live="polite">
        <p className="coupon__state">
          {coupon.status === 'applied' ? (
            <>
              Coupon <strong>{coupon.code}</strong> applied:{' '}
              {coupon.discount_type === 'percent' ? `${coupon.amount}% off` : `${formatPence(discountPence)} off`}
            </>
          ) : invalid ? (
            <>
              Coupon <strong>{coupon.code}</strong> cannot be used. <span className="coupon__message">{coupon.message}</span>
            </>
          ) : (
            <>
              Checking coupon <strong>{coupon.code}</strong>…
            </>
          )}
        </p>
        <button type="button" className="link-button link-button--ink" onClick={remove} disabled={checking && coupon.status === 'entered'}>
          Remove coupon {coupon.code}
        </button>
      </div>
    )
  }

  return (
    <form className="coupon-form" onSubmit={submit} noValidate>
      <label htmlFor="coupon-code">Coupon code</label>
      <div className="coupon-form__row">
        <input id="coupon-code" name="coupon" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" autoCapitalize="characters" maxLength={40} spellCheck={false} />
        <button type="submit" className="button button--ink">
          Apply
        </button>
      </div>
    </form>
  )
}
