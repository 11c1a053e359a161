// The customer's steps through the shop's forms that the e2e files share: the checkout's contact and address, the
// test gateway's card page, the reservation form's contact, and finance checkout's details step. Each types the
// same customer the files always typed; what a file checks around them stays in the file.
import type { Page } from 'playwright-core'

/** Types the customer's details into the checkout form (Ada, `lastName`, in Leeds) and accepts the terms. */
export async function fillCheckout(page: Page, email: string, lastName = 'Lovelace'): Promise<void> {
  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill(lastName)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Phone number').fill('07700 900123')
  await page.getByLabel('Address line 1').fill('12 Wellington Street')
  await page.getByLabel('Town or city').fill('Leeds')
  await page.getByLabel('Postcode').fill('ls1 4ap')
  await page.getByLabel(/I have read the terms/).check()
}

/** From the basket's delivery options, collected from the dealer, to the checkout form filled in by fillCheckout. */
export async function collectAndFillCheckout(page: Page, email: string, lastName = 'Lovelace'): Promise<void> {
  await page.goto('/basket/delivery-options')
  await page.getByLabel(/Collect from the dealer/).check()
  await page.getByRole('button', { name: 'Continue to checkout' }).click()
  await page.waitForURL('**/checkout')
  await fillCheckout(page, email, lastName)
}

/** Pays on the test gateway's card page (once the browser is there) with `card` in `name`: 4242… succeeds, 4000…0002 is declined. */
export async function payOnGateway(page: Page, card = '4242 4242 4242 4242', name = 'Ada Lovelace'): Promise<void> {
  await page.waitForURL(/\/test-gateway\/pay\//)
  await page.getByLabel(/card number/i).fill(card)
  await page.getByLabel(/expiry/i).fill('12 / 34')
  await page.getByLabel(/cvc|security code/i).fill('123')
  await page.getByLabel('Name on card').fill(name)
  await page.getByRole('button', { name: /^pay/i }).click()
}

/** Types the customer into the reservation form, accepts how the reservation works and asks to pay the £99 deposit. */
export async function reserveWithDeposit(page: Page, email: string): Promise<void> {
  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Phone number').fill('07700 900123')
  await page.getByLabel(/I have read how the reservation/).check()
  await page.getByRole('button', { name: 'Pay £99 deposit and reserve' }).click()
}

/** Types the applicant's details into finance checkout's details step (Ada Rider, in Leeds). */
export async function fillFinanceDetails(page: Page, email: string): Promise<void> {
  await page.fill('#fc-firstName', 'Ada')
  await page.fill('#fc-lastName', 'Rider')
  await page.fill('#fc-email', email)
  await page.fill('#fc-phone', '07700 900123')
  await page.fill('#fc-address1', '1 High Street')
  await page.fill('#fc-city', 'Leeds')
  await page.fill('#fc-postcode', 'ls1 1aa')
}
