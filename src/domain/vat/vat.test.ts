import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { analyseVat, parseVatBreakdown, treatmentForRate, vatRowsFor, vatAnalysisText, vatContainedPence, vatLine, vatSummaryRows, VAT_TREATMENTS, type VatLineInput } from './vat'

describe('vatContainedPence', () => {
  it('is the VAT fraction of a VAT-inclusive amount, rounded half up to the penny', () => {
    expect(vatContainedPence(12_000, 20)).toBe(2_000)
    expect(vatContainedPence(3, 20)).toBe(1) // 0.5p rounds up
    expect(vatContainedPence(9, 20)).toBe(2) // 1.5p rounds up
    expect(vatContainedPence(2, 20)).toBe(0) // 0.33p rounds down
    expect(vatContainedPence(21, 5)).toBe(1) // exactly 1p
    expect(vatContainedPence(1_050, 5)).toBe(50)
    expect(vatContainedPence(1_000, 0)).toBe(0)
  })

  it('mirrors a sale for a refund (half away from zero)', () => {
    expect(vatContainedPence(-3, 20)).toBe(-1)
    expect(vatContainedPence(-384_900, 20)).toBe(-64_150)
  })
})

describe('vatLine', () => {
  it('works out VAT only on what bears it', () => {
    expect(vatLine({ grossPence: 376_700, treatment: 'standard' })).toEqual({ grossPence: 376_700, treatment: 'standard', ratePercent: 20, netPence: 313_917, vatPence: 62_783 })
    expect(vatLine({ grossPence: 8_200, treatment: 'outside-scope' })).toMatchObject({ netPence: 8_200, vatPence: 0 })
    expect(vatLine({ grossPence: 53_999, treatment: 'zero' })).toMatchObject({ ratePercent: 0, netPence: 53_999, vatPence: 0 })
    expect(vatLine({ grossPence: 499_900, treatment: 'margin' })).toMatchObject({ netPence: 499_900, vatPence: 0 })
    expect(vatLine({ grossPence: 2_100, treatment: 'reduced' })).toMatchObject({ ratePercent: 5, vatPence: 100 })
  })
})

describe('analyseVat', () => {
  it('a new scooter at £3,849: VAT on the bike and its preparation, not on the £82 paid to DVLA', () => {
    const vat = analyseVat([
      { grossPence: 376_700, treatment: 'standard' },
      { grossPence: 5_500, treatment: 'outside-scope' },
      { grossPence: 2_700, treatment: 'outside-scope' },
    ])
    expect(vat.grossPence).toBe(384_900)
    expect(vat.vatPence).toBe(62_783) // not £641.50, a sixth of the whole price
    expect(vat.byTreatment).toEqual([
      { treatment: 'standard', ratePercent: 20, grossPence: 376_700, netPence: 313_917, vatPence: 62_783 },
      { treatment: 'outside-scope', ratePercent: 0, grossPence: 8_200, netPence: 8_200, vatPence: 0 },
    ])
  })

  it('is empty for no lines', () => {
    expect(analyseVat([])).toEqual({ lines: [], byTreatment: [], grossPence: 0, netPence: 0, vatPence: 0 })
  })

  const lineArb: fc.Arbitrary<VatLineInput> = fc.record({ grossPence: fc.integer({ min: -5_000_000, max: 5_000_000 }), treatment: fc.constantFrom(...VAT_TREATMENTS) })

  it('net + VAT = gross on every line, and each total is the sum of its lines to the penny (property)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), (inputs) => {
        const vat = analyseVat(inputs)
        for (const line of vat.lines) {
          expect(line.netPence + line.vatPence).toBe(line.grossPence)
          expect(Number.isSafeInteger(line.vatPence)).toBe(true)
          // Never more than the exact fraction plus half a penny.
          expect(Math.abs(line.vatPence - (line.grossPence * line.ratePercent) / (100 + line.ratePercent))).toBeLessThanOrEqual(0.5)
        }
        const sum = (xs: readonly { grossPence: number; netPence: number; vatPence: number }[]) => ({
          grossPence: xs.reduce((s, x) => s + x.grossPence, 0),
          netPence: xs.reduce((s, x) => s + x.netPence, 0),
          vatPence: xs.reduce((s, x) => s + x.vatPence, 0),
        })
        expect(sum(vat.byTreatment)).toEqual(sum(vat.lines))
        expect({ grossPence: vat.grossPence, netPence: vat.netPence, vatPence: vat.vatPence }).toEqual(sum(vat.lines))
        for (const t of vat.byTreatment) expect(sum(vat.lines.filter((l) => l.treatment === t.treatment))).toEqual({ grossPence: t.grossPence, netPence: t.netPence, vatPence: t.vatPence })
        for (const l of vat.lines) if (l.treatment !== 'standard' && l.treatment !== 'reduced') expect(l.vatPence).toBe(0)
      }),
    )
  })
})

describe('treatmentForRate', () => {
  it('reads the product’s stored rate', () => {
    expect(treatmentForRate(20)).toBe('standard')
    expect(treatmentForRate(5)).toBe('reduced')
    expect(treatmentForRate(0)).toBe('zero')
  })
})

describe('vatSummaryRows', () => {
  it('shows the VAT per rate, the zero-rated and outside-scope amounts, and no VAT figure under the margin scheme', () => {
    const { byTreatment } = analyseVat([
      { grossPence: 376_700, treatment: 'standard' },
      { grossPence: 8_200, treatment: 'outside-scope' },
      { grossPence: 53_999, treatment: 'zero' },
      { grossPence: 499_900, treatment: 'margin' },
    ])
    expect(vatSummaryRows(byTreatment)).toEqual([
      { treatment: 'standard', label: 'VAT included (20%)', value: '£627.83' },
      { treatment: 'zero', label: 'Zero-rated for VAT (0%)', value: '£539.99' },
      { treatment: 'outside-scope', label: 'Registration fee and road tax (outside the scope of VAT)', value: '£82' },
      { treatment: 'margin', label: 'Used vehicle sold under the VAT margin scheme', value: 'No VAT shown' },
    ])
    expect(vatAnalysisText(byTreatment)).toBe('VAT 20% £627.83 on £3,767; VAT 0% £0 on £539.99; outside the scope of VAT £82; margin scheme £4,999 (no VAT shown)')
  })

  it('leaves out a treatment with nothing in it (a discount took it all)', () => {
    expect(vatSummaryRows([{ treatment: 'standard', ratePercent: 20, grossPence: 0, vatPence: 0 }])).toEqual([])
  })
})

describe('parseVatBreakdown', () => {
  it('reads back what an order stored, and nothing else', () => {
    const { byTreatment } = analyseVat([{ grossPence: 376_700, treatment: 'standard' }, { grossPence: 8_200, treatment: 'outside-scope' }])
    expect(parseVatBreakdown(JSON.parse(JSON.stringify(byTreatment)))).toEqual(byTreatment)
    expect(parseVatBreakdown([])).toEqual([])
    expect(parseVatBreakdown(null)).toBeNull()
    expect(parseVatBreakdown({ treatment: 'standard' })).toBeNull()
    expect(parseVatBreakdown([{ treatment: 'luxury', ratePercent: 20, grossPence: 1, netPence: 1, vatPence: 0 }])).toBeNull()
    expect(parseVatBreakdown([{ treatment: 'standard', ratePercent: 20, grossPence: '1', netPence: 1, vatPence: 0 }])).toBeNull()
  })
})

describe('vatRowsFor', () => {
  it('shows an order stored without a breakdown as it always was', () => {
    expect(vatRowsFor(null, 2_700)).toEqual([{ treatment: 'standard', label: 'Includes VAT', value: '£27' }])
    expect(vatRowsFor([{ treatment: 'margin', ratePercent: 0, grossPence: 499_900, netPence: 499_900, vatPence: 0 }], 0)).toEqual([{ treatment: 'margin', label: 'Used vehicle sold under the VAT margin scheme', value: 'No VAT shown' }])
  })
})
