import { describe, expect, it } from 'vitest'
import { CsvError, parseCsv, toCsv } from './csv'

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted commas, doubled quotes and line breaks inside a field, with the line each record starts on', () => {
    const text = 'sku,name\r\nA1,"Jacket, waterproof"\r\nA2,"The ""Pro"" glove"\nA3,"Line one\nline two"\nA4,plain\n'
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['sku', 'name'] },
      { line: 2, fields: ['A1', 'Jacket, waterproof'] },
      { line: 3, fields: ['A2', 'The "Pro" glove'] },
      { line: 4, fields: ['A3', 'Line one\nline two'] },
      { line: 6, fields: ['A4', 'plain'] },
    ])
  })

  it('drops a byte-order mark, skips blank lines and reads a last line without a line end', () => {
    expect(parseCsv('\uFEFFsku,stock\n\nB1,3')).toEqual([
      { line: 1, fields: ['sku', 'stock'] },
      { line: 3, fields: ['B1', '3'] },
    ])
  })

  it('keeps empty fields, including a quoted empty field alone on a line', () => {
    expect(parseCsv('a,,c\n""\n')).toEqual([
      { line: 1, fields: ['a', '', 'c'] },
      { line: 2, fields: [''] },
    ])
  })

  it('refuses an unterminated quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a,b\n"open,c\n')).toThrow(CsvError)
    expect(() => parseCsv('a,b\n"open,c\n')).toThrow(/line 2/)
    expect(() => parseCsv('a\n"x"y\n')).toThrow(/text after a closing quote/)
    expect(() => parseCsv('a\nx"y\n')).toThrow(/quote inside an unquoted field/)
  })

  it('writes what it reads back unchanged', () => {
    const rows = [['sku', 'name', 'description'], ['A1', 'Jacket, "Pro"', 'two\nlines'], ['A2', ' padded ', '']]
    const text = toCsv(rows)
    expect(text).toBe('sku,name,description\r\nA1,"Jacket, ""Pro""","two\nlines"\r\nA2," padded ",\r\n')
    expect(parseCsv(text).map((r) => r.fields)).toEqual(rows)
  })
})
