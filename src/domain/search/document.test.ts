import { describe, expect, it } from 'vitest'
import { searchDocument } from './document'

describe('a product as the index holds it', () => {
  it('puts name, brand and codes apart from categories and body, in the normal form', () => {
    const doc = searchDocument({
      name: 'Honda CB650R',
      brand: 'Honda',
      codes: ['HOCB650R24', null],
      categories: ['Motorcycles', 'Naked'],
      kind: 'motorcycle',
      body: ['Neo Sports Café four-cylinder roadster.', undefined],
    })
    expect(doc).toEqual({
      title: 'Honda CB650R',
      name: 'honda cb 650 r',
      brand: 'honda',
      model: 'hocb 650 r 24 motorcycle motorbike bike',
      category: 'motorcycle naked',
      body: 'neo sport cafe four cylinder roadster',
    })
  })

  it('gives e-bikes the words riders use for them', () => {
    const doc = searchDocument({ name: 'Trek Allant+ 7', brand: null, codes: [], categories: ['Electric Bikes'], kind: 'e-bike', body: [] })
    expect(doc.model.split(' ')).toEqual(expect.arrayContaining(['ebike', 'electric', 'bike']))
  })

  it('indexes an e-bike sold as a motor vehicle as such, never as a bicycle', () => {
    const eapc = searchDocument({ name: 'Cube Kathmandu', brand: null, codes: [], categories: [], kind: 'e-bike', body: [] })
    const motor = searchDocument({ name: 'Cube Speed', brand: null, codes: [], categories: [], kind: 'e-bike', motorVehicle: true, body: [] })
    expect(eapc.model.split(' ')).toContain('bicycle')
    expect(motor.model.split(' ')).not.toContain('bicycle')
    expect(motor.model.split(' ')).toEqual(expect.arrayContaining(['ebike', 'motor', 'vehicle']))
  })
})
