'use client'
// The header's mini basket, loaded late: the layout passes MiniBasketShell as its first look (ADR 016).
import { lateIsland } from '../../../components/ui/late-island'

export const MiniBasketIsland = lateIsland(() => import('./mini-basket').then((m) => m.MiniBasket))
