// GET /api/documents/:number: an invoice's or credit note's PDF (ADR 049), for staff, the customer whose order it is,
// the browser that placed the order, or a guest lookup's signed link (?access=). Anyone else: 404.
import { cookies } from 'next/headers'
import { RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { ORDER_ACCESS_COOKIE } from '../../../../features/orders/order-access.server'
import { documentDownload } from '../../../../features/orders/order-documents.server'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const GET = endpoint({
  rule: RATE_RULES.documentPdf,
  handle: async (_none, { payload, request, account, params }) => {
    const url = new URL(request.url)
    const cookieValue = (await cookies()).get(ORDER_ACCESS_COOKIE)?.value
    return documentDownload(payload, String(params.number ?? url.pathname.split('/').pop() ?? ''), { user: await account(), cookieValue, access: url.searchParams.get('access')?.slice(0, 2048) ?? null })
  },
})
