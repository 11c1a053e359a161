// The stock importer writes products with SQL of its own, past the products hooks: it reads a product's history
// check with these columns and refuses a row that would put on sale a bike the check says may not be sold.
import { isOnSale } from '../catalogue/on-sale'
import { publicationProblems } from '../vehicles/history-check'

export const HISTORY_CHECK_COLUMNS = ['used_bike_history_check_outstanding_finance', 'used_bike_history_check_stolen'] as const

/** SQLite answers 0/1, PostgreSQL true/false. */
const yes = (value: unknown) => value === true || value === 1 || value === '1' || value === 't' || value === 'true'

/** Why the import may not leave this stored product with `status`, or null. */
export function importPublicationProblem(current: Readonly<Record<string, unknown>> | null, status: unknown): string | null {
  if (!current || !isOnSale(typeof status === 'string' ? status : null)) return null
  const problems = publicationProblems({ outstandingFinance: yes(current.used_bike_history_check_outstanding_finance), stolen: yes(current.used_bike_history_check_stolen) })
  return problems.length > 0 ? `not published: ${problems.join(' ')}` : null
}
