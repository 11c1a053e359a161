// A part-exchange on a finance quote: the trade-in value less the finance still owed on the bike. Positive
// equity counts as deposit; negative equity is borrowed with the new bike. Either way the balance to finance
// moves by exactly the net value.
import type { Pence } from '../money'

export interface PartExchangeFigures {
  readonly valuePence: Pence
  readonly settlementPence: Pence
}

export interface PartExchangeNet {
  /** Value less settlement; negative when more is owed than the bike is worth. */
  readonly netPence: Pence
  /** The part of the net that counts towards the deposit (0 when negative). */
  readonly equityPence: Pence
  /** The shortfall added to the advance (0 when positive). */
  readonly negativeEquityPence: Pence
}

export function partExchangeNet({ valuePence, settlementPence }: PartExchangeFigures): PartExchangeNet {
  const netPence = valuePence - settlementPence
  return { netPence, equityPence: Math.max(0, netPence), negativeEquityPence: Math.max(0, -netPence) }
}
