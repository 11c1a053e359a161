// GET /api/v1/related-products?ids=… (spec §7 call 4): the accessories a finance customer may add (server: ./related-products.ts).
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import type { RelatedProduct } from './related-products'

export interface RelatedProductsResponse {
  readonly products: readonly RelatedProduct[]
}

export function getRelatedProducts(ids: readonly number[]) {
  return callApi<RelatedProductsResponse>(paths.api.relatedProducts(ids))
}
