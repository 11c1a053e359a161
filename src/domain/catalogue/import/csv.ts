// RFC 4180 CSV, read and written: quoted fields may hold commas, quotes ("" inside quotes) and line breaks;
// a leading byte-order mark is dropped; CRLF and LF both end a record. Each record keeps the line it starts on,
// so a refused row can be named by the line a spreadsheet shows.

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
  return records
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** Records as CSV text, CRLF line ends (RFC 4180), quoting only the fields that need it. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n'
}
