'use server'
// Server actions behind the deal forms, so they work as plain HTML forms without JavaScript: "Ask about this bike"
// on a bike's page (opens or joins the customer's deal, and emails them its link) and the customer's choice of
// collection or delivery on their deal page. Each first refuses a cross-site post and counts in its own bucket.
import { headers } from 'next/headers'
import { revalidatePath } from 'next/cache'
import { payloadClient } from '../../cms/payload-client.server'
import { signedInCustomerId } from '../../cms/auth/session.server'
import { formText } from '../../lib/http/form-fields'
import { fieldErrorsOf } from '../../lib/http/json-body'
import { paths } from '../../config/paths'
import { formActionRefusal } from '../abuse/form-guard.server'
import { RATE_RULES } from '../abuse/rate-limit.server'
import { chooseHandover } from './deal-rows.server'
import { askAboutBike } from './enquiry.server'
import { enquiryRequest, handoverRequest } from './enquiry-request'
import type { DealFormState } from './form-state'
import { visibleDeal } from './queries.server'

const str = (form: FormData, name: string) => formText(form, name).slice(0, 2100)

export async function askAboutBikeAction(_prev: DealFormState, form: FormData): Promise<DealFormState> {
  const values = { productId: str(form, 'productId'), firstName: str(form, 'firstName'), lastName: str(form, 'lastName'), email: str(form, 'email'), phone: str(form, 'phone'), message: str(form, 'message'), consent: str(form, 'consent') }
  const guard = await formActionRefusal(RATE_RULES.dealEnquiry, values.email ? [{ rule: RATE_RULES.dealEnquiryEmail, target: values.email.trim().toLowerCase() }] : [])
  if (guard) return { status: 'error', message: guard, values }
  const parsed = enquiryRequest.safeParse({
    productId: Number(values.productId) || undefined,
    contact: { firstName: values.firstName, lastName: values.lastName, email: values.email, phone: values.phone },
    message: values.message,
    consent: values.consent === 'on',
  })
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error)
    const flat = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^contact\./, ''), v]))
    return { status: 'error', message: 'Please check the highlighted answers.', fieldErrors: flat, values }
  }
  const payload = await payloadClient()
  const result = await askAboutBike(payload, parsed.data, { customerId: await signedInCustomerId(payload, await headers()) })
  if (!result.ok) return { status: 'error', message: result.message, values }
  return { status: 'success', message: `Thank you. We have your question and will reply to ${parsed.data.contact.email} within one working day. We have emailed you a link to follow your deal for this bike.` }
}

export async function chooseHandoverAction(_prev: DealFormState, form: FormData): Promise<DealFormState> {
  const guard = await formActionRefusal(RATE_RULES.dealManage)
  if (guard) return { status: 'error', message: guard }
  const parsed = handoverRequest.safeParse({ dealId: Number(str(form, 'dealId')) || undefined, token: str(form, 'token') || undefined, handover: str(form, 'handover') || undefined })
  if (!parsed.success) return { status: 'error', message: 'Choose collection or delivery.', fieldErrors: { handover: 'Choose collection or delivery.' } }
  const visible = await visibleDeal(parsed.data.dealId, parsed.data.token)
  if (!visible) return { status: 'error', message: 'We cannot find that deal. Open it from the link in your email, or sign in.' }
  if (visible.view.stage === 'handed_over' || visible.view.stage === 'lost') return { status: 'error', message: 'This deal is closed: call us to change how you take the bike.' }
  await chooseHandover(await payloadClient(), parsed.data.dealId, parsed.data.handover)
  revalidatePath(paths.deal(parsed.data.dealId))
  return { status: 'success', message: parsed.data.handover === 'collection' ? 'Saved: you will collect the bike from the shop.' : 'Saved: we will deliver the bike to you.' }
}
