// Checks the HP and PCP engine against iVendi's published quotes and the CONC APR definition.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { ivendiExampleResponse } from '../../../tests/fixtures/ivendi-reference-examples'
import { aprFromSchedule, monthlyRateFromApr, quoteFinance, roundApr, type FinanceQuote, type QuoteInput, type QuoteOutcome } from './quote-engine'

function expectQuote(outcome: QuoteOutcome): FinanceQuote {
  if (!outcome.ok) throw new Error(`expected a quote, got errors: ${outcome.errors.join('; ')}`)
  return outcome.quote
}

function expectErrors(outcome: QuoteOutcome): readonly string[] {
  if (outcome.ok) throw new Error('expected errors, got a quote')
  return outcome.errors
}

const ivendiHp: QuoteInput = {
  product: 'HP',
  cashPricePence: 700000,
  depositPence: 100000,
  aprPercent: 9.9,
  termMonths: 54,
  optionToPurchaseFeePence: 1000,
}
const ivendiPcp: QuoteInput = { ...ivendiHp, product: 'PCP', termMonths: 37, balloonPence: 274100 }

function publishedFigures(facilityType: string) {
  const groups = ivendiExampleResponse.QuoteResults?.[0]?.Results?.[0]?.ProductGroups ?? []
  const figures = groups.find((group) => group.FacilityType === facilityType)?.ProductQuotes?.[0]?.Figures
  if (!figures) throw new Error(`no published ${facilityType} figures`)
  return figures
}

/** Our quote in iVendi's units, for a like-for-like comparison with the published Figures. */
function asIvendiFigures(quote: FinanceQuote) {
  return {
    Advance: quote.advancePence / 100,
    RegularPayment: quote.regularPaymentPence / 100,
    FirstPayment: quote.firstPaymentPence / 100,
    FinalPayment: quote.finalPaymentPence / 100,
    Balloon: quote.balloonPence / 100,
    Term: quote.termMonths,
    TotalCashPrice: quote.totalCashPricePence / 100,
    TotalDeposit: quote.depositPence / 100,
    TotalPayable: quote.totalPayablePence / 100,
    TotalCharges: quote.totalChargeForCreditPence / 100,
    InterestCharges: quote.interestChargesPence / 100,
    OptionToPurchaseFee: quote.optionToPurchaseFeePence / 100,
    AcceptanceFee: quote.acceptanceFeePence / 100,
    FlatRate: quote.flatRatePercent,
    InterestRate: quote.nominalInterestRatePercent,
    AER: quote.aerPercent,
    PaymentSchedules: quote.schedule.map((run, index) => ({ Amount: run.amountPence / 100, Number: run.number, Period: index + 1 })),
  }
}

function pick(figures: ReturnType<typeof publishedFigures>) {
  const { Advance, RegularPayment, FirstPayment, FinalPayment, Balloon, Term, TotalCashPrice, TotalDeposit, TotalPayable, TotalCharges } = figures
  const { InterestCharges, OptionToPurchaseFee, AcceptanceFee, FlatRate, InterestRate, AER, PaymentSchedules } = figures
  return {
    Advance,
    RegularPayment,
    FirstPayment,
    FinalPayment,
    Balloon,
    Term,
    TotalCashPrice,
    TotalDeposit,
    TotalPayable,
    TotalCharges,
    InterestCharges,
    OptionToPurchaseFee,
    AcceptanceFee,
    FlatRate,
    InterestRate,
    AER,
    PaymentSchedules,
  }
}

describe('quoteFinance reproduces iVendi’s published example', () => {
  it('HP over 54 months: 54 × £136.92, the £10 option fee inside the last payment', () => {
    const quote = expectQuote(quoteFinance(ivendiHp))
    expect(quote.regularPaymentPence).toBe(13692)
    expect(quote.firstPaymentPence).toBe(13692)
    expect(quote.finalPaymentPence).toBe(13692)
    expect(quote.schedule).toEqual([{ amountPence: 13692, number: 54 }])
    expect(quote.totalPayablePence).toBe(839368)
    expect(quote.totalChargeForCreditPence).toBe(139368)
    expect(quote.interestChargesPence).toBe(138368)
    expect(quote.numberOfMonthlyPayments).toBe(54)
  })

  it('PCP over 37 months: 36 × £126.29 then balloon £2,741 + £10 fee', () => {
    const quote = expectQuote(quoteFinance(ivendiPcp))
    expect(quote.regularPaymentPence).toBe(12629)
    expect(quote.finalPaymentPence).toBe(275100)
    expect(quote.termMonths).toBe(37)
    expect(quote.numberOfMonthlyPayments).toBe(36)
    expect(quote.schedule).toEqual([
      { amountPence: 12629, number: 36 },
      { amountPence: 275100, number: 1 },
    ])
    expect(quote.totalPayablePence).toBe(829744)
    expect(quote.totalChargeForCreditPence).toBe(129744)
    expect(quote.interestChargesPence).toBe(128744)
  })

  it.each([
    ['HP', ivendiHp],
    ['PCP', ivendiPcp],
  ] as const)('%s matches every published figure we compute, rates included', (facilityType, input) => {
    const quote = expectQuote(quoteFinance(input))
    expect(asIvendiFigures(quote)).toEqual(pick(publishedFigures(facilityType)))
  })

  it('recomputes the published schedules to the quoted 9.9% APR', () => {
    for (const input of [ivendiHp, ivendiPcp]) {
      const quote = expectQuote(quoteFinance(input))
      expect(roundApr(aprFromSchedule(quote.advancePence, quote.schedule))).toBe(9.9)
    }
  })
})

describe('monthlyRateFromApr and aprFromSchedule', () => {
  it('turns an APR into the monthly rate that compounds back to it', () => {
    expect(monthlyRateFromApr(9.9)).toBeCloseTo(0.0078977469, 9)
    expect(Math.pow(1 + monthlyRateFromApr(12.68), 12)).toBeCloseTo(1.1268, 12)
    expect(monthlyRateFromApr(0)).toBe(0)
  })

  it('solves CONC App 1 with time in twelfths of a year', () => {
    // £1,000 lent, £1,100 repaid a year later: exactly 10%.
    expect(aprFromSchedule(100000, [{ amountPence: 0, number: 11 }, { amountPence: 110000, number: 1 }])).toBeCloseTo(10, 9)
    // 1% a month compounds to 12.68% a year, not 12%.
    expect(aprFromSchedule(100000, [{ amountPence: 101000, number: 1 }])).toBeCloseTo(12.6825, 4)
    expect(aprFromSchedule(30000, [{ amountPence: 10000, number: 3 }])).toBeCloseTo(0, 9)
  })

  it('rounds to one decimal as CONC shows it', () => {
    expect(roundApr(9.901877)).toBe(9.9)
    expect(roundApr(9.95)).toBe(10)
    expect(roundApr(14.849)).toBe(14.8)
  })
})

describe('quoteFinance details', () => {
  it('at 0% APR charges nothing and puts the odd pennies on the last payment', () => {
    const quote = expectQuote(quoteFinance({ product: 'HP', cashPricePence: 10000, depositPence: 0, aprPercent: 0, termMonths: 3 }))
    expect(quote.schedule).toEqual([
      { amountPence: 3333, number: 2 },
      { amountPence: 3334, number: 1 },
    ])
    expect(quote.totalChargeForCreditPence).toBe(0)
    expect(quote.flatRatePercent).toBe(0)
  })

  it('adds the acceptance fee to the first payment and keeps the APR', () => {
    const quote = expectQuote(quoteFinance({ ...ivendiHp, optionToPurchaseFeePence: 0, acceptanceFeePence: 9500 }))
    expect(quote.firstPaymentPence).toBe(quote.regularPaymentPence + 9500)
    expect(quote.schedule[0]).toEqual({ amountPence: quote.regularPaymentPence + 9500, number: 1 })
    expect(quote.regularPaymentPence).toBeLessThan(13692)
    expect(quote.interestChargesPence).toBe(quote.totalChargeForCreditPence - 9500)
    expect(Math.abs(aprFromSchedule(quote.advancePence, quote.schedule) - 9.9)).toBeLessThan(0.01)
  })

  it('finances value-added products and leaves them out of the charge for credit', () => {
    const plain = expectQuote(quoteFinance(ivendiHp))
    const withExtras = expectQuote(quoteFinance({ ...ivendiHp, valueAddedProductsPence: 50000 }))
    expect(withExtras.advancePence).toBe(650000)
    expect(withExtras.totalCashPricePence).toBe(750000)
    expect(withExtras.regularPaymentPence).toBeGreaterThan(plain.regularPaymentPence)
    expect(withExtras.totalChargeForCreditPence).toBe(withExtras.totalPayablePence - 750000)
  })

  it('refuses inputs that cannot make a quote', () => {
    expect(expectErrors(quoteFinance({ ...ivendiHp, depositPence: 700000 }))).toContain(
      'Deposit must be less than the cash price, or there is nothing to finance.',
    )
    expect(expectErrors(quoteFinance({ ...ivendiHp, cashPricePence: 7000.5 }))).toContain('Cash price must be a whole number of pence, not negative.')
    expect(expectErrors(quoteFinance({ ...ivendiHp, termMonths: 0 }))).toContain('Term must be a whole number of months from 1 to 240.')
    expect(expectErrors(quoteFinance({ ...ivendiPcp, termMonths: 1 }))).toContain('Term must be a whole number of months from 2 to 240.')
    expect(expectErrors(quoteFinance({ ...ivendiHp, aprPercent: -1 }))).toContain('APR must be a percentage from 0 to 1000.')
    expect(expectErrors(quoteFinance({ ...ivendiHp, balloonPence: 100000 }))).toContain('Hire purchase has no balloon payment.')
    // Found by the 'totals add up' property: a zero balloon left a final payment of nothing in the schedule.
    expect(expectErrors(quoteFinance({ ...ivendiPcp, balloonPence: 0 }))).toContain('A PCP needs a balloon (guaranteed future value) above zero.')
    expect(expectErrors(quoteFinance({ ...ivendiPcp, balloonPence: undefined }))).toContain('A PCP needs a balloon (guaranteed future value) above zero.')
  })

  it('refuses a balloon that leaves nothing to pay monthly', () => {
    // £9,010 due in month 37 is worth more today than the £6,000 advance at 9.9%.
    expect(expectErrors(quoteFinance({ ...ivendiPcp, balloonPence: 900000 }))).toEqual([
      'The balloon and fees leave nothing to pay monthly: lower the balloon or raise the term.',
    ])
  })

  it('refuses fees the APR cannot cover, such as an option fee on 0% HP', () => {
    expect(expectErrors(quoteFinance({ ...ivendiHp, aprPercent: 0 }))).toEqual(['The fees are more than the charge for credit at this APR.'])
  })
})

const knownRefusals = new Set([
  'The fees are more than the charge for credit at this APR.',
  'The balloon and fees leave nothing to pay monthly: lower the balloon or raise the term.',
])

const anyQuoteInput: fc.Arbitrary<QuoteInput> = fc
  .record({
    product: fc.constantFrom<'HP' | 'PCP'>('HP', 'PCP'),
    cashPricePence: fc.integer({ min: 50000, max: 5000000 }),
    depositPercent: fc.integer({ min: 0, max: 60 }),
    valueAddedProductsPence: fc.integer({ min: 0, max: 300000 }),
    aprTenths: fc.integer({ min: 0, max: 299 }),
    termMonths: fc.integer({ min: 2, max: 84 }),
    balloonPercent: fc.integer({ min: 1, max: 55 }), // a PCP always defers something
    acceptanceFeePence: fc.integer({ min: 0, max: 20000 }),
    optionToPurchaseFeePence: fc.integer({ min: 0, max: 10000 }),
  })
  .map((g) => ({
    product: g.product,
    cashPricePence: g.cashPricePence,
    depositPence: Math.round((g.cashPricePence * g.depositPercent) / 100),
    valueAddedProductsPence: g.valueAddedProductsPence,
    aprPercent: g.aprTenths / 10,
    termMonths: g.termMonths,
    balloonPence: g.product === 'PCP' ? Math.round((g.cashPricePence * g.balloonPercent) / 100) : undefined,
    acceptanceFeePence: g.acceptanceFeePence,
    optionToPurchaseFeePence: g.optionToPurchaseFeePence,
  }))

describe('quoteFinance properties', () => {
  it('every schedule it produces recomputes to the quoted APR within 0.1 point', () => {
    fc.assert(
      fc.property(anyQuoteInput, (input) => {
        const outcome = quoteFinance(input)
        if (!outcome.ok) {
          for (const error of outcome.errors) expect(knownRefusals).toContain(error)
          return
        }
        const { quote } = outcome
        expect(Math.abs(aprFromSchedule(quote.advancePence, quote.schedule) - input.aprPercent)).toBeLessThanOrEqual(0.1)
      }),
      { numRuns: 400 },
    )
  })

  it('quotes every fee-free request at 1% APR or more', () => {
    fc.assert(
      fc.property(anyQuoteInput, (generated) => {
        const balloonPence = generated.product === 'PCP' ? Math.round(generated.cashPricePence / 100) : undefined // 1%: always payable
        const input = { ...generated, aprPercent: Math.max(1, generated.aprPercent), acceptanceFeePence: 0, optionToPurchaseFeePence: 0, balloonPence }
        expect(quoteFinance(input).ok).toBe(true)
      }),
      { numRuns: 200 },
    )
  })

  it('totals add up to the penny', () => {
    fc.assert(
      fc.property(anyQuoteInput, (input) => {
        const outcome = quoteFinance(input)
        if (!outcome.ok) return
        const q = outcome.quote
        const scheduled = q.schedule.reduce((sum, run) => sum + run.amountPence * run.number, 0)
        expect(q.schedule.reduce((count, run) => count + run.number, 0)).toBe(input.termMonths)
        expect(q.totalPayablePence).toBe(input.depositPence + scheduled)
        expect(q.totalChargeForCreditPence).toBe(q.totalPayablePence - input.cashPricePence - (input.valueAddedProductsPence ?? 0))
        expect(q.interestChargesPence).toBe(q.totalChargeForCreditPence - q.acceptanceFeePence - q.optionToPurchaseFeePence)
        expect(q.interestChargesPence).toBeGreaterThanOrEqual(0)
        expect(q.advancePence).toBe(input.cashPricePence + (input.valueAddedProductsPence ?? 0) - input.depositPence)
        for (const run of q.schedule) expect(Number.isSafeInteger(run.amountPence) && run.amountPence > 0).toBe(true)
        if (input.aprPercent === 0) expect(q.totalChargeForCreditPence).toBe(q.acceptanceFeePence + q.optionToPurchaseFeePence)
      }),
      { numRuns: 400 },
    )
  })

  it('a bigger deposit never raises the regular payment', () => {
    fc.assert(
      fc.property(anyQuoteInput, fc.integer({ min: 1, max: 100000 }), (input, extra) => {
        const base = quoteFinance(input)
        const more = quoteFinance({ ...input, depositPence: input.depositPence + extra })
        if (!base.ok || !more.ok) return
        expect(more.quote.regularPaymentPence).toBeLessThanOrEqual(base.quote.regularPaymentPence)
      }),
      { numRuns: 200 },
    )
  })
})
