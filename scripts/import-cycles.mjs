// Lists the import cycles among the files under src/ (relative imports, type-only ones included: a cycle of types
// is still two modules that cannot be understood apart). `node scripts/import-cycles.mjs [folder]` prints each cycle
// (a strongly connected group of files) and exits 1 when there is any; a folder narrows the report to cycles inside it.
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const src = path.join(root, 'src')
const only = process.argv[2] ? path.resolve(root, process.argv[2]) : null

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return files(full)
    return /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : []
  })
}

function resolve(from, spec) {
  if (!spec.startsWith('.')) return null
  const base = path.resolve(path.dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  }
  return null
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g
const all = files(src)
const edges = new Map(all.map((f) => {
  const text = fs.readFileSync(f, 'utf8')
  const targets = new Set()
  for (const m of text.matchAll(IMPORT)) {
    const to = resolve(f, m[1] ?? m[2] ?? m[3])
    if (to) targets.add(to)
  }
  return [f, [...targets]]
}))

// Tarjan's strongly connected components
let index = 0
const stack = []
const info = new Map()
const groups = []
function visit(v) {
  info.set(v, { index, low: index, onStack: true })
  index++
  stack.push(v)
  for (const w of edges.get(v) ?? []) {
    if (!info.has(w)) {
      visit(w)
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low)
    } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index)
  }
  if (info.get(v).low === info.get(v).index) {
    const group = []
    let w
    do {
      w = stack.pop()
      info.get(w).onStack = false
      group.push(w)
    } while (w !== v)
    if (group.length > 1 || (edges.get(v) ?? []).includes(v)) groups.push(group)
  }
}
for (const f of all) if (!info.has(f)) visit(f)

const shown = groups.filter((g) => !only || g.some((f) => f.startsWith(only + path.sep)))
for (const g of shown) console.log(`cycle of ${g.length}:\n  ${g.map((f) => path.relative(root, f)).sort().join('\n  ')}`)
console.log(`${shown.length} import cycle(s)${only ? ` touching ${path.relative(root, only)}` : ' under src/'}`)
process.exitCode = shown.length ? 1 : 0
