// Comments explain why in the code's own terms; a pointer goes to an ADR or a doc in this repository. "Issue N" resolves
// nowhere in the repository, so no source, script, bench or test file may cite one.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const FOLDERS = ['src', 'server-lib', 'scripts', 'bench', 'tests', 'eslint-rules']
const SOURCE = /\.(ts|tsx|mjs|js|cjs)$/
const SKIP = /(^|\/)(migrations|node_modules)\//
const CITATION = /\bissues? #?\d+/i

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return SKIP.test(`${path.relative(root, full)}/`) ? [] : files(full)
    return SOURCE.test(e.name) && !e.name.startsWith('payload-types') ? [full] : []
  })
}

describe('code comments', () => {
  it('cite no issue numbers', () => {
    const found: string[] = []
    for (const file of FOLDERS.flatMap((f) => files(path.join(root, f)))) {
      if (file === import.meta.filename) continue
      fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (CITATION.test(line)) found.push(`${path.relative(root, file)}:${i + 1}: ${line.trim().slice(0, 120)}`)
      })
    }
    expect(found).toEqual([])
  })
})
