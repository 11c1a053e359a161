// RFC 4180 CSV, read and written: quoted fields may hold commas, quotes ("" inside quotes) and line breaks;
// a leading byte-order mark is dropped; CRLF and LF both end a record. Each record keeps the line it starts on,
// so a refused row can be named by the line a spreadsheet shows. Every CSV the shop writes is written by `toCsv`.
//
// Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with = + - @ (or a tab or a
// carriage return before one) as a formula, so text from a feed or a visitor (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`)
// would run on the computer of whoever opens the file. `toCsv` puts a single quote before such a cell, which a
// spreadsheet shows as text and never runs. Decided: a cell that is wholly a plain decimal number (`-5`, `-12.50`) is
// left as it is, in any column: it holds nothing a spreadsheet could run, and stock and prices stay numbers there. A
// cell that already starts with quotes before one of those characters gets one more, and `parseCsv` takes exactly
// one off again, so what the shop writes reads back unchanged (an export imported again changes nothing).

export interface CsvRecord {
  /** 1-based line of the file on which the record starts. */
  readonly line: number
  readonly fields: readonly string[]
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`)
  }
}

/** Every record of the text, blank lines skipped. Throws CsvError on an unterminated quote or a stray quote. */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const records: CsvRecord[] = []
  let fields: string[] = []
  let field = ''
  let line = 1
  let startLine = 1
  let quoted = false // inside a quoted field
  let wasQuoted = false // the current field was quoted (so nothing but a separator may follow its closing quote)
  let i = 0
  const endRecord = () => {
    fields.push(field)
    if (!(fields.length === 1 && fields[0] === '' && !wasQuoted)) records.push({ line: startLine, fields })
    fields = []
    field = ''
    wasQuoted = false
  }
  while (i < text.length) {
    const c = text[i]!
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
        i++
        continue
      }
      if (c === '\n') line++
      field += c
      i++
      continue
    }
    if (c === '"') {
      if (field !== '' || wasQuoted) throw new CsvError('a quote inside an unquoted field', line)
      quoted = true
      wasQuoted = true
      i++
      continue
    }
    if (c === ',') {
      fields.push(field)
      field = ''
      wasQuoted = false
      i++
      continue
    }
    if (c === '\r' || c === '\n') {
      endRecord()
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1
      line++
      startLine = line
      continue
    }
    if (wasQuoted) throw new CsvError('text after a closing quote', line)
    field += c
    i++
  }
  if (quoted) throw new CsvError('a quoted field is never closed', startLine)
  if (field !== '' || fields.length > 0 || wasQuoted) endRecord()
  return records.map((r) => ({ line: r.line, fields: r.fields.map(unneutralised) }))
}

/** A cell a spreadsheet would run as a formula, or one that already carries the quotes put before such a cell. */
const FORMULA = /^'*[=+\-@\t\r]/
const NUMBER = /^-?\d+(\.\d+)?$/
const NEUTRALISED = /^'+[=+\-@\t\r]/

/** The cell as a spreadsheet may open it safely: a single quote before anything it would run as a formula. */
export function neutralised(value: string): string {
  return FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : value
}

function unneutralised(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** Records as CSV text, CRLF line ends (RFC 4180), formulas neutralised, quoting only the fields that need it. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map((cell) => quote(neutralised(cell))).join(',')).join('\r\n') + '\r\n'
}
