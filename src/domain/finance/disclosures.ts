// The dealer's finance disclosures: what every finance screen states (a credit broker, not a lender, and how it is
// paid for introductions) and what a finance quote and application keep as shown. The defaults stand whenever the
// site settings leave a statement empty, so no finance screen goes without one.

export interface FinanceDisclosureTexts {
  readonly dealerName: string | null
  readonly brokerStatement: string | null
  readonly commissionDisclosure: string | null
  readonly fcaFirmReference: string | null
}

export const DEFAULT_BROKER_STATEMENT = 'We are a credit broker, not a lender. We introduce you to a limited panel of lenders who provide motor finance, and do not lend you the money ourselves.'

export const DEFAULT_COMMISSION_DISCLOSURE =
  'We may receive commission from the lender for introducing you to it. The commission may be a fixed fee or a share of the amount you borrow, and can differ between lenders and products. Ask us and we will tell you how much we receive.'

function filled(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim()
  return trimmed === '' ? null : trimmed
}

/** The disclosures from the site settings, the broker statement and commission disclosure falling back to the defaults. */
export function financeDisclosureTexts(settings: {
  readonly dealerName?: string | null
  readonly finance?: { readonly brokerStatement?: string | null; readonly commissionDisclosure?: string | null; readonly fcaFirmReference?: string | null } | null
}): FinanceDisclosureTexts {
  return {
    dealerName: filled(settings.dealerName),
    brokerStatement: filled(settings.finance?.brokerStatement) ?? DEFAULT_BROKER_STATEMENT,
    commissionDisclosure: filled(settings.finance?.commissionDisclosure) ?? DEFAULT_COMMISSION_DISCLOSURE,
    fcaFirmReference: filled(settings.finance?.fcaFirmReference),
  }
}
