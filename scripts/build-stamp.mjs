// Decides whether .next holds a build of the current sources: a hash of every input file and of the environment the
// build bakes in, stored beside the build.
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

/**
 * Variables the build bakes in, so changing one makes the build stale: the Content-Security-Policy of next.config.ts
 * lists the tag manager's origins only when GTM_ID is set at build time (Next fixes headers() into the build), and
 * prerendered pages carry the consent banner's container id. Set GTM_ID after a build and, without this, the tag
 * manager stayed blocked by the CSP.
 */
export const BUILD_ENV = ['GTM_ID']

/** @typedef {Record<string, string | undefined>} Environment */

/** @param {Environment} [environment] */
export function buildEnv(environment = process.env) {
  return Object.fromEntries(BUILD_ENV.map((name) => [name, environment[name]?.trim() ?? '']))
}

/** @param {Environment} [environment] */
export function sourceHash(root, database, environment = process.env) {
  const hash = createHash('sha256')
  hash.update(`db:${database}\n`)
  hash.update(`env:${JSON.stringify(buildEnv(environment))}\n`)
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
const envFile = (root) => path.join(root, '.next', 'wheelhouse-build-env.json')

/** @param {Environment} [environment] */
export function buildIsFresh(root, database, environment = process.env) {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) return false
  try {
    return fs.readFileSync(stampFile(root), 'utf8').trim() === sourceHash(root, database, environment)
  } catch {
    return false
  }
}

/** @param {Environment} [environment] */
export function writeBuildStamp(root, database, environment = process.env) {
  fs.writeFileSync(stampFile(root), sourceHash(root, database, environment))
  fs.writeFileSync(envFile(root), `${JSON.stringify(buildEnv(environment))}\n`)
}

/**
 * The BUILD_ENV variables whose value now differs from the one the build was made with (none when unknown).
 * @param {string} root
 * @param {Environment} [environment]
 */
export function buildEnvChanges(root, environment = process.env) {
  let built
  try {
    built = JSON.parse(fs.readFileSync(envFile(root), 'utf8'))
  } catch {
    return []
  }
  const now = buildEnv(environment)
  return BUILD_ENV.filter((name) => (built[name] ?? '') !== now[name])
}
