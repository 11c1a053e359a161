'use client'
// The header's mini basket, hydrated late (ADR 016): the server draws it (no count, the basket lives in the
// browser); its code, with the basket store, loads when the page is idle or the visitor reaches for it.
import { lateIsland } from '../../../components/ui/late-island'
import '../basket.css'

export const MiniBasketIsland = lateIsland(() => import('./mini-basket').then((m) => m.MiniBasket), {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- server only: the condition is a constant in the browser bundle, which drops it
  server: typeof window === 'undefined' ? (require('./mini-basket') as typeof import('./mini-basket')).MiniBasket : undefined,
})
