// What "on sale" means, written once for every place that tells the world what the shop sells: a visitor's read
// of a product (so its page and the page's JSON-LD), the sitemap and the Google Merchant feed all show a product
// exactly when this says so. Drafts and archived products are in none of them.

export const ON_SALE_STATUS = 'active'

export function isOnSale(status: string | null | undefined): boolean {
  return status === ON_SALE_STATUS
}
