import { describe, expect, it } from 'vitest'
import { depositField } from './deposit-field'

const plain = { minDepositPence: 0, financePricePence: 899_900 }
const reserved = { minDepositPence: 25_000, financePricePence: 899_900 }

describe('the finance deposit field', () => {
  it('says a negative deposit is negative, never that it is below a reservation deposit nobody paid', () => {
    for (const limits of [plain, reserved]) {
      const field = depositField('-100', limits)
      expect(field).toMatchObject({ ok: false, problem: 'negative' })
      if (!field.ok) {
        expect(field.message).toMatch(/^Deposit cannot be negative/)
        expect(field.message).not.toMatch(/reservation/)
      }
    }
  })

  it('names the reservation deposit only when one was paid and the figure is below it', () => {
    const field = depositField('100', reserved)
    expect(field).toMatchObject({ ok: false, problem: 'below-reservation' })
    if (!field.ok) expect(field.message).toContain('£250 reservation deposit you have already paid')
    expect(depositField('250', reserved)).toMatchObject({ ok: true, depositPence: 25_000 })
  })

  it('accepts £0 without a reservation and refuses empty, non-numbers and the whole price or more', () => {
    expect(depositField('0', plain)).toMatchObject({ ok: true, depositPence: 0 })
    expect(depositField(' ', plain)).toMatchObject({ ok: false, problem: 'empty' })
    expect(depositField('abc', plain)).toMatchObject({ ok: false, problem: 'not-a-number' })
    expect(depositField('8999', plain)).toMatchObject({ ok: false, problem: 'too-high' })
    expect(depositField('8998.995', plain)).toMatchObject({ ok: false, problem: 'too-high' })
    expect(depositField('1000.5', plain)).toMatchObject({ ok: true, depositPence: 100_050 })
  })
})
