'use client'
// The added-to-basket modal (spec §3, §4): what was just added, with the way on to the basket or checkout.
import { useCallback } from 'react'
import { paths } from '../../../config/paths'
import { shopStore, useShopState } from '../basket-store'
import { Modal } from './modal'

export function AddedToBasketModal() {
  const state = useShopState()
  const close = useCallback(() => shopStore().dispatch({ type: 'hide', flag: 'addedModal' }), [])
  const added = state.lastAdd
  const line = added?.ok ? state.basket.items.find((i) => i.itemId === added.itemId) : undefined
  return (
    <Modal open={state.ui.addedModal && added !== null} onClose={close} titleId="added-modal-title" className="added-modal">
      {added?.ok ? (
        <>
          <h2 id="added-modal-title">Added to your basket</h2>
          <div className="added-modal__item">
            {line?.product.image && <img src={line.product.image.url} alt="" width={96} height={72} className="added-modal__image" />}
            <p>
              <strong>{added.name}</strong>
              <br />
              {added.limitedByStock ? `That is all we have in stock: ${added.count} in your basket.` : `${added.count} in your basket.`}
            </p>
          </div>
          <div className="added-modal__actions">
            <a className="button button--solid" href={paths.basket()}>
              View basket
            </a>
            <a className="button button--ink" href={paths.checkout()}>
              Checkout
            </a>
            <button type="button" className="button button--ink" onClick={close}>
              Continue shopping
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 id="added-modal-title">Not added</h2>
          <p>{added?.message}</p>
          <div className="added-modal__actions">
            <a className="button button--ink" href={paths.basket()}>
              View basket
            </a>
            <button type="button" className="button button--solid" onClick={close}>
              OK
            </button>
          </div>
        </>
      )}
    </Modal>
  )
}
