// Lender documents map to the engine's Lender and back without losing a rate, and only active lenders quote.
import { describe, expect, it } from 'vitest'
import { demoLenderPanel } from '../../setup/seed/demo-lenders'
import type { Lender as LenderDocument } from '../../payload-types'
import { lenderDocumentData, lenderFromDocument, panelFromDocuments } from './lender-document'

function asDocument(index: number, overrides: Partial<LenderDocument> = {}): LenderDocument {
  const lender = demoLenderPanel[index]!
  return {
    id: index + 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...lenderDocumentData(lender, index),
    // Payload adds an id to every array row; the mapper must drop it.
    aprBands: lender.aprBands.map((band, i) => ({ ...band, id: `band-${i}` })),
    residualValues: lender.residualValues.map((row, i) => ({ ...row, id: `rv-${i}` })),
    ...overrides,
  }
}

describe('lender documents', () => {
  it('round-trip the demo panel exactly', () => {
    demoLenderPanel.forEach((lender, i) => expect(lenderFromDocument(asDocument(i))).toEqual(lender))
  })

  it('leave inactive lenders out and keep the staff’s order', () => {
    const docs = [asDocument(0, { position: 3 }), asDocument(1, { position: 1 }), asDocument(2, { position: 2, active: false })]
    expect(panelFromDocuments(docs).map((l) => l.funderCode)).toEqual(['PBC', 'HMF'])
  })

  it('treat missing bands and residual values as none', () => {
    const lender = lenderFromDocument(asDocument(0, { aprBands: null, residualValues: undefined }))
    expect(lender.aprBands).toEqual([])
    expect(lender.residualValues).toEqual([])
  })
})
