// Who may see an order's result page: the browser that placed it (an HttpOnly cookie holding a random
// token whose hash only the order keeps), or the signed-in customer who owns it. Anyone else sees nothing.
import 'server-only'
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Payload } from 'payload'
import { isOrderNumber } from '../../domain/orders/order-number'
import type { Order } from '../../payload-types'
import { setAccessTokenHash } from './order-rows.server'

export const ORDER_ACCESS_COOKIE = 'wh_order'
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export interface OrderAccessToken {
  readonly token: string
  /** What the order keeps: never the token itself. */
  readonly hash: string
}

/** A new random token, made before the order so that the order is written with its hash in one go. */
export function newOrderAccessToken(): OrderAccessToken {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hash(token) }
}

/** The Set-Cookie header that lets this browser see the order's result page. */
export function orderAccessCookie(orderNumber: string, access: OrderAccessToken, secure: boolean): string {
  return `${ORDER_ACCESS_COOKIE}=${orderNumber}.${access.token}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** Gives an existing order a fresh access token (a repeated checkout) and answers the Set-Cookie header. */
export async function issueOrderAccess(payload: Payload, order: Pick<Order, 'id' | 'orderNumber'>, secure: boolean): Promise<string> {
  const access = newOrderAccessToken()
  await setAccessTokenHash(payload, order.id, access.hash)
  return orderAccessCookie(order.orderNumber, access, secure)
}

function cookieGrants(order: Order, cookieValue: string | undefined): boolean {
  if (!cookieValue || !order.accessTokenHash) return false
  const dot = cookieValue.indexOf('.')
  if (dot <= 0 || cookieValue.slice(0, dot) !== order.orderNumber) return false
  const given = Buffer.from(hash(cookieValue.slice(dot + 1)), 'utf8')
  const stored = Buffer.from(order.accessTokenHash, 'utf8')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

/** The order `orderNumber` if this visitor may see it, else null (never a hint whether it exists). */
export async function orderForVisitor(payload: Payload, orderNumber: string | undefined, visitor: { cookieValue?: string; userId?: number | null }): Promise<Order | null> {
  if (!orderNumber || !isOrderNumber(orderNumber)) return null
  // accessTokenHash is hidden from reads with access control, so the check reads with overrideAccess and decides here.
  const found = await payload.find({ collection: 'orders', where: { orderNumber: { equals: orderNumber } }, limit: 1, depth: 0, overrideAccess: true, showHiddenFields: true })
  const order = found.docs[0]
  if (!order) return null
  const customerId = typeof order.customer === 'object' ? order.customer?.id : order.customer
  if (visitor.userId != null && customerId === visitor.userId) return order
  return cookieGrants(order, visitor.cookieValue) ? order : null
}
