// The JSON import endpoint's request: the feed's rows as objects of its columns, for a dealer's
// system to push changes. Shared by the route and the bad-input sweep.
import { FEED_COLUMNS } from '../../domain/catalogue/import/feed-rows'
import { z } from '../../lib/zod'

export const CATALOGUE_IMPORT_API = '/api/catalogue/import'
/** Rows per request; a larger feed is sent in several requests (or imported as a file). */
export const MAX_JSON_ROWS = 20_000
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024

// Every value is text, as in the CSV ("149.99", "3"): a number where text belongs is refused, not guessed at.
const cell = z.union([z.string().max(20_000), z.null()])
const row = z
  .record(z.string(), cell)
  .refine((r) => Object.keys(r).length <= FEED_COLUMNS.length, 'a row has more fields than the feed has columns')
  .refine((r) => Object.keys(r).every((k) => FEED_COLUMNS.includes(k)), { message: `fields must be columns of the feed (${FEED_COLUMNS.slice(0, 12).join(', ')}, …)` })
  .refine((r) => typeof r.sku === 'string' && r.sku.trim() !== '', 'every row needs a sku')

export const catalogueImportRequest = z
  .object({
    dryRun: z.boolean(),
    fullFeed: z.boolean().optional(),
    rows: z.array(row).min(1).max(MAX_JSON_ROWS),
  })
  .strict()
export type CatalogueImportRequest = z.infer<typeof catalogueImportRequest>
