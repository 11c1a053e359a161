'use client'
// An accessible modal on the native <dialog>: the rest of the page is inert while it is open (focus stays
// inside), Escape closes it, and focus returns to what had it before.
import { useEffect, useRef, type ReactNode } from 'react'

interface Props {
  readonly open: boolean
  readonly onClose: () => void
  readonly titleId: string
  readonly className?: string
  readonly children: ReactNode
}

export function Modal({ open, onClose, titleId, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const returnTo = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const closed = () => {
      onClose()
      const target = returnTo.current
      returnTo.current = null
      if (target && target.isConnected) target.focus()
    }
    dialog.addEventListener('close', closed)
    return () => dialog.removeEventListener('close', closed)
  }, [onClose])

  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget) event.currentTarget.close()
      }}
    >
      <div className="modal__body">
        {/* First in the dialog, so that opening it focuses the top right corner: a first link further down would
            scroll a long dialog on a phone past its own title. */}
        <button type="button" className="modal__close" onClick={() => ref.current?.close()} aria-label="Close">
          <span aria-hidden="true">×</span>
        </button>
        {open && children}
      </div>
    </dialog>
  )
}
