'use server'
// Server actions behind the booking forms, so they work as plain HTML forms without JavaScript: parse with
// the same zod schemas as the JSON routes, call the booking services, then load the success page. Each first
// refuses a cross-site post and counts in the booking bucket its JSON twin counts in.
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { payloadClient } from '../../cms/payload-client.server'
import { signedInCustomerId } from '../../cms/auth/session.server'
import { formActionRefusal } from '../abuse/form-guard.server'
import { RATE_RULES } from '../abuse/rate-limit.server'
import { paths } from '../../config/paths'
import { formatDayShort } from '../../domain/booking/calendar'
import { manageRequest, poundsToPence, serviceBookingRequest, testRideRequest } from './booking-request'
import { formText, formTexts } from '../../lib/http/form-fields'
import { fieldErrorsOf } from '../../lib/http/json-body'
import { bookService, bookTestRide, type Refusal } from './bookings.server'
import { manageBooking } from './manage-booking.server'
import type { BookingFormState } from './form-state'

const str = (form: FormData, name: string) => formText(form, name).slice(0, 2000)

async function customerId(): Promise<number | null> {
  const payload = await payloadClient()
  return signedInCustomerId(payload, await headers())
}

function refused(refusal: Refusal, values: BookingFormState['values']): BookingFormState {
  const nextDays = refusal.nextDays?.map((d) => {
    const [day, window] = d.split(' ')
    return { value: d, label: `${formatDayShort(day!)}${window ? ` at ${window}` : ''}` }
  })
  return { status: 'error', message: refusal.message, fieldErrors: refusal.field ? { [refusal.field]: refusal.message } : undefined, values, nextDays }
}

/**
 * A form action's last step once it has succeeded: the next page as a document load of its own. Sent by script, the
 * form is told where to go and loads it (`useDocumentLoad`); sent by a browser without JavaScript (no Next-Action
 * header), it gets a 303 as before. Not Next's redirect from a scripted action: that is a client-side navigation, whose
 * <title> Next renders a moment after the new page's content (its head remounts whenever the address changes, and
 * its metadata sits in a Suspense boundary of its own), so the page had no title at all in between: Next's route
 * announcer read the <h1> instead, and the e2e browser gate failed document-title when it checked in that moment
 * (ADR 045). A document load has its title in the head of the first HTML.
 */
async function documentLoadOf(location: string): Promise<BookingFormState> {
  if ((await headers()).get('next-action')) return { status: 'success', location }
  redirect(location)
}

export async function bookServiceAction(_prev: BookingFormState, form: FormData): Promise<BookingFormState> {
  const values = {
    tierId: str(form, 'tierId'), addOnIds: formTexts(form, 'addOnIds').slice(0, 20), day: str(form, 'day'),
    make: str(form, 'make'), model: str(form, 'model'), bikeType: str(form, 'bikeType'), eBike: str(form, 'eBike') ? 'on' : '', notes: str(form, 'notes'),
    firstName: str(form, 'firstName'), lastName: str(form, 'lastName'), email: str(form, 'email'), phone: str(form, 'phone'), extraWorkLimit: str(form, 'extraWorkLimit'),
  }
  const guard = await formActionRefusal(RATE_RULES.booking)
  if (guard) return { status: 'error', message: guard, values }
  const limit = poundsToPence(values.extraWorkLimit)
  const parsed = serviceBookingRequest.safeParse({
    tierId: Number(values.tierId) || undefined,
    addOnIds: values.addOnIds.map(Number),
    day: values.day || undefined,
    bike: { make: values.make, model: values.model, bikeType: values.bikeType || undefined, eBike: values.eBike === 'on', notes: values.notes },
    contact: { firstName: values.firstName, lastName: values.lastName, email: values.email, phone: values.phone },
    extraWorkLimitPence: Number.isNaN(limit) ? 'x' : limit,
    acceptTerms: str(form, 'acceptTerms') === 'on' ? true : undefined,
  })
  if (!parsed.success) return { status: 'error', message: 'Please check the highlighted answers.', fieldErrors: fieldErrorsOf(parsed.error), values }
  const payload = await payloadClient()
  const result = await bookService(payload, parsed.data, { customerId: await customerId() })
  if (!result.ok) return refused(result, values)
  return documentLoadOf(paths.bicycleServicesSuccess(result.token))
}

export async function bookTestRideAction(_prev: BookingFormState, form: FormData): Promise<BookingFormState> {
  const slot = str(form, 'slot')
  const [day, window] = slot.split(' ')
  const values = { productId: str(form, 'productId'), slot, licence: str(form, 'licence'), firstName: str(form, 'firstName'), lastName: str(form, 'lastName'), email: str(form, 'email'), phone: str(form, 'phone') }
  const guard = await formActionRefusal(RATE_RULES.booking)
  if (guard) return { status: 'error', message: guard, values }
  const parsed = testRideRequest.safeParse({
    productId: Number(values.productId) || undefined,
    day: day || undefined,
    window: window || (day ? '' : undefined),
    licence: values.licence || undefined,
    contact: { firstName: values.firstName, lastName: values.lastName, email: values.email, phone: values.phone },
    acceptTerms: str(form, 'acceptTerms') === 'on' ? true : undefined,
  })
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error)
    if (errors.day || errors.window) errors.slot = 'Choose a day and time.'
    return { status: 'error', message: 'Please check the highlighted answers.', fieldErrors: errors, values }
  }
  const payload = await payloadClient()
  const result = await bookTestRide(payload, parsed.data, { customerId: await customerId() })
  if (!result.ok) {
    const state = refused(result, values)
    return result.field === 'day' ? { ...state, fieldErrors: { slot: result.message } } : state
  }
  return documentLoadOf(paths.testRideSuccess(result.token))
}

export async function manageBookingAction(_prev: BookingFormState, form: FormData): Promise<BookingFormState> {
  const guard = await formActionRefusal(RATE_RULES.bookingManage)
  if (guard) return { status: 'error', message: guard }
  const action = str(form, 'action')
  const token = str(form, 'token')
  const slot = str(form, 'day')
  const [day, window] = slot.split(' ')
  const parsed = manageRequest.safeParse(action === 'reschedule' ? { action, token, day: day || undefined, window: window ?? null } : { action, token })
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error)
    return { status: 'error', message: errors.day ? 'Choose the new day.' : 'That request is not valid. Reload the page and try again.', fieldErrors: errors.day ? { day: 'Choose the new day.' } : undefined }
  }
  const input = parsed.data
  const payload = await payloadClient()
  const result = await manageBooking(payload, input)
  if (!result.ok) return refused(result, { day: slot })
  const done = input.action === 'cancel' ? 'cancelled' : input.action === 'reschedule' ? 'moved' : input.action === 'approve' ? 'approved' : 'declined'
  return documentLoadOf(`${paths.manageBooking(input.token)}&done=${done}`)
}
