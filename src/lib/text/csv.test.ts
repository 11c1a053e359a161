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

  it('neutralises every cell a spreadsheet would run as a formula, and reads it back as it was', () => {
    const formulas = ['=HYPERLINK("https://evil.example","Click")', '+cmd|\' /C calc\'!A0', '-2+3+cmd|\' /C calc\'!A0', '@SUM(1+1)*cmd|\' /C calc\'!A0', '\t=1+1', '\r=1+1', '=1+1']
    const rows = [['sku', 'name'], ...formulas.map((f, i) => [`F${i}`, f])]
    const text = toCsv(rows)
    // In the file each starts with a single quote, which a spreadsheet shows as text and never runs.
    for (const formula of formulas) expect(text).toContain(/[",\r\n]/.test(formula) ? `"'${formula.replaceAll('"', '""')}"` : `'${formula}`)
    expect(text).not.toMatch(/(^|,|\r\n)"?[=+\-@]/)
    expect(parseCsv(text).map((r) => r.fields)).toEqual(rows)
  })

  it('leaves a cell that is wholly a number as it is (-5 stays -5), and keeps a leading quote of its own', () => {
    const rows = [['sku', 'stock', 'price', 'note'], ['N1', '-5', '-12.50', "'=already quoted"], ['N2', '0', '1', "'-5"]]
    const text = toCsv(rows)
    expect(text).toBe("sku,stock,price,note\r\nN1,-5,-12.50,''=already quoted\r\nN2,0,1,''-5\r\n")
    expect(parseCsv(text).map((r) => r.fields)).toEqual(rows)
    // A number with anything more is not a number: neutralised.
    expect(toCsv([['-5+cmd|x']])).toBe("'-5+cmd|x\r\n")
    expect(toCsv([['-1e3']])).toBe("'-1e3\r\n")
  })
})
