import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// docs/decisions/README.md is the register of the ADRs: one table row per file, with its status. Engineers add ADRs
// side by side, so a file without a row (or a row left behind by a renamed file) is the mistake this catches.
const dir = path.resolve(import.meta.dirname, '../docs/decisions')
const ADR_FILE = /^(\d{3})-[a-z0-9-]+\.md$/
const ROW = /^\|\s*\[(\d{3})\]\(([^)]+)\)\s*\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$/
const STATUS = /^(accepted|proposed|superseded by (\d{3})|amended in place|amended by (\d{3}(?:, \d{3})*)(?:; amended in place)?)$/

interface Row {
  line: number
  number: string
  file: string
  status: string
  changes: string
}

function registerRows(readme: string): Row[] {
  return readme.split('\n').flatMap((text, i) => {
    const m = ROW.exec(text)
    if (!m) return []
    const [, number = '', file = '', , status = '', changes = ''] = m
    return [{ line: i + 1, number, file, status: status.trim(), changes: changes.trim() }]
  })
}

const adrFiles = () => fs.readdirSync(dir).filter((name) => ADR_FILE.test(name)).sort()
const rows = () => registerRows(fs.readFileSync(path.join(dir, 'README.md'), 'utf8'))
const statusLine = (file: string | undefined) => {
  const text = file && ADR_FILE.test(file) && fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), 'utf8') : ''
  return text.split('\n').find((l) => /^-?\s*Status:/.test(l)) ?? ''
}

describe('docs/decisions/README.md', () => {
  it('has a row for every ADR file', () => {
    const listed = new Set(rows().map((r) => r.file))
    const missing = adrFiles().filter((f) => !listed.has(f))
    const template = missing.map((f) => `| [${f.slice(0, 3)}](${f}) | <the decision in a line> | accepted | |`).join('\n')
    expect(missing, `add these rows to docs/decisions/README.md, in number order:\n${template}`).toEqual([])
  })

  it('lists only files that exist, each once, numbered as named and in order', () => {
    const all = rows()
    expect(all.length).toBeGreaterThan(0)
    const existing = new Set(adrFiles())
    expect(all.filter((r) => !existing.has(r.file)).map((r) => `line ${r.line}: ${r.file}`), 'rows naming no ADR file').toEqual([])
    expect(all.filter((r) => !r.file.startsWith(`${r.number}-`)).map((r) => `line ${r.line}: [${r.number}](${r.file})`)).toEqual([])
    const numbers = all.map((r) => r.number)
    expect(numbers).toEqual([...new Set(numbers)].sort())
  })

  it('gives every ADR a known status that names only listed ADRs', () => {
    const all = rows()
    const numbers = new Set(all.map((r) => r.number))
    for (const r of all) {
      const m = STATUS.exec(r.status)
      expect(m, `line ${r.line}: status "${r.status}" is not one of the statuses the README defines`).not.toBeNull()
      const named = [...r.status.matchAll(/\d{3}/g)].map((n) => n[0])
      expect(named.filter((n) => !numbers.has(n) || n <= r.number), `line ${r.line}: a status may name only later ADRs that have a row`).toEqual([])
    }
  })

  it('agrees with the ADRs themselves on what is superseded', () => {
    for (const r of rows()) {
      const successor = /^superseded by (\d{3})$/.exec(r.status)?.[1]
      if (!successor) continue
      expect(statusLine(r.file), `${r.file} must say it is superseded`).toContain(`superseded by ${successor}`)
      const next = rows().find((s) => s.number === successor)
      expect(next, `${r.file} is superseded by ${successor}, which has no row`).toBeDefined()
      expect(statusLine(next?.file), `${next?.file} must say what it supersedes`).toContain(`supersedes ${r.number}`)
      expect(next?.changes).toContain(`supersedes ${r.number}`)
    }
  })
})
