// Decides whether .next holds a build of the current sources: a hash of every input file, stored beside the build.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const INPUTS = ['src', 'public', 'next.config.ts', 'package-lock.json', 'package.json', 'tsconfig.json']
const SKIP = /(\.test\.ts|payload-types\.ts|generated-schema\.graphql)$/

function walk(dir, out) {
  if (!fs.existsSync(dir)) return
  const stat = fs.statSync(dir)
  if (stat.isFile()) {
    out.push(dir)
    return
  }
  for (const entry of fs.readdirSync(dir).sort()) walk(path.join(dir, entry), out)
}

export function sourceHash(root, database) {
  const hash = createHash('sha256')
  hash.update(`db:${database}\n`)
  const files = []
  for (const input of INPUTS) walk(path.join(root, input), files)
  for (const file of files) {
    if (SKIP.test(file)) continue
    hash.update(path.relative(root, file))
    hash.update(fs.readFileSync(file))
  }
  return hash.digest('hex')
}

const stampFile = (root) => path.join(root, '.next', 'wheelhouse-build-stamp')

export function buildIsFresh(root, database) {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) return false
  try {
    return fs.readFileSync(stampFile(root), 'utf8').trim() === sourceHash(root, database)
  } catch {
    return false
  }
}

export function writeBuildStamp(root, database) {
  fs.writeFileSync(stampFile(root), sourceHash(root, database))
}
