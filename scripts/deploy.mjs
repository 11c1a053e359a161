#!/usr/bin/env node
// `npm run deploy -- --base DIR [options]`: build a release once in a directory of its own while the running one
// serves, switch to it atomically, restart the instances one at a time, keep the previous release, and go back to it
// with `npm run deploy -- rollback --base DIR` (ADR 063).
//
// Layout under --base: releases/<time>-<commit>/ (a whole app: sources, node_modules, .next), and `current`, a
// symbolic link to the one being served; the systemd units run from `current` (`npm run systemd -- --app-dir
// DIR/current`). DATA_DIR must be outside the releases (the README's is).
//
// Options: --ref REF (HEAD)  --repo DIR (this checkout)  --keep N (3 releases)  --restart systemd|none (systemd)
//          --instances 3101,3102 (the app instances' ports)  --no-runner (no wheelhouse-runner.service)  --drain-ms 3500
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export class DeployError extends Error {
  name = 'DeployError'
}

/** @param {string} base */
export const layout = (base) => ({ releases: path.join(base, 'releases'), current: path.join(base, 'current') })

/** Release directories, oldest first (their names start with the time they were made). */
export function listReleases(base) {
  const { releases } = layout(base)
  if (!fs.existsSync(releases)) return []
  return fs
    .readdirSync(releases, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^\d{8}T\d{6}Z-/.test(e.name))
    .map((e) => path.join(releases, e.name))
    .sort()
}

/** The release `current` points at, or null before the first deploy. */
export function currentRelease(base) {
  try {
    return path.resolve(path.dirname(layout(base).current), fs.readlinkSync(layout(base).current))
  } catch {
    return null
  }
}

/** The release before the current one, the target of a rollback; null when there is none. */
export function previousRelease(base) {
  const all = listReleases(base)
  const at = all.indexOf(currentRelease(base) ?? '')
  return at > 0 ? all[at - 1] : null
}

/**
 * Points `current` at `dir` in one step: a new link beside it, renamed over it (rename is atomic on one file
 * system), so a process starting at any moment sees the old release or the new one, never neither.
 */
export function switchTo(base, dir) {
  if (!fs.existsSync(path.join(dir, '.next', 'BUILD_ID'))) throw new DeployError(`${dir} holds no build: it was never released`)
  const { current } = layout(base)
  const next = `${current}.next-${process.pid}`
  fs.rmSync(next, { force: true })
  fs.symlinkSync(path.relative(path.dirname(current), dir), next)
  fs.renameSync(next, current)
}

/** Removes the oldest releases beyond `keep`, never the current one or the one before it. */
export function pruneReleases(base, keep) {
  const all = listReleases(base)
  const kept = new Set([currentRelease(base), previousRelease(base)])
  const removed = []
  for (const dir of all.slice(0, Math.max(0, all.length - keep))) {
    if (kept.has(dir)) continue
    fs.rmSync(dir, { recursive: true, force: true })
    removed.push(dir)
  }
  return removed
}

/** A release name: when it was made (sortable) and which commit it holds. */
export const releaseName = (commit, at = new Date()) => `${at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${commit.slice(0, 12)}`

function run(command, args, options) {
  const done = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (done.status !== 0) throw new DeployError(`${command} ${args.join(' ')} failed (exit ${done.status ?? done.signal})`)
  return done
}

/**
 * Makes a release directory from `ref` of the repository and readies it while the running release serves: the
 * sources of that commit (git archive: nothing uncommitted, nothing ignored), `npm install`, then `npm run release`
 * in it (under the release lock: migrations once, then the build, which prerenders pages from the migrated
 * database), then the dev dependencies removed. A release that cannot migrate or build fails here and is deleted;
 * `current` has not moved. `install` replaces `npm install` (the bench links an installed node_modules instead).
 */
export function createRelease({ base, repo = here, ref = 'HEAD', env = process.env, install = /** @type {((dir: string) => unknown) | null} */ (null) }) {
  const commit = spawnSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: repo, encoding: 'utf8' })
  if (commit.status !== 0) throw new DeployError(`${ref} is not a commit of ${repo}`)
  const sha = commit.stdout.trim()
  const dir = path.join(layout(base).releases, releaseName(sha))
  fs.mkdirSync(dir, { recursive: true })
  try {
    const archive = spawnSync('git', ['archive', '--format=tar', sha], { cwd: repo, maxBuffer: 1 << 30 })
    if (archive.status !== 0) throw new DeployError(`git archive ${ref} failed: ${archive.stderr}`)
    run('tar', ['-x', '-C', dir], { input: archive.stdout, stdio: ['pipe', 'inherit', 'inherit'] })
    if (install) install(dir)
    else run('npm', ['install', '--no-audit', '--no-fund', '--include=dev'], { cwd: dir, env })
    // The release has no .git: the build names its commit from RELEASE_COMMIT (next.config.ts releaseId).
    run(process.execPath, ['scripts/release.mjs'], { cwd: dir, env: { ...env, RELEASE_COMMIT: sha } })
    if (!install) run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir, env })
    return dir
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** Waits until the instance on `port` answers /api/health naming `release` (its build id). */
async function servesRelease(port, release, timeoutMs = 120_000) {
  for (let waited = 0; waited < timeoutMs; waited += 250) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) })
      if (answer.ok && (await answer.json()).release === release) return
    } catch {
      // restarting
    }
    await sleep(250)
  }
  throw new DeployError(`the instance on port ${port} did not serve release ${release} within ${timeoutMs / 1000} s`)
}

/**
 * Restarts the instances one at a time, each only when the one before it serves the new build, with `drainMs`
 * between them: long enough for the balancer to try a restarted instance again (its fail_timeout is 3 s), so two
 * are never out at once. `restart(port)` does the restart (systemctl, or the bench's own processes).
 */
export async function rollingRestart({ ports, release, restart, drainMs = 3500 }) {
  for (const [i, port] of ports.entries()) {
    await restart(port)
    await servesRelease(port, release)
    if (i < ports.length - 1) await sleep(drainMs)
  }
}

export const systemdRestart = (port) => run('systemctl', ['restart', `wheelhouse@${port}.service`])

const buildId = (dir) => fs.readFileSync(path.join(dir, '.next', 'BUILD_ID'), 'utf8').trim()

export function parseArgs(argv) {
  const options = { command: 'deploy', ref: 'HEAD', repo: here, keep: 3, restart: 'systemd', instances: [3101, 3102], runner: true, drainMs: 3500 }
  const ports = (value) => {
    const list = String(value).split(',').map((p) => Number(p.trim()))
    if (!list.length || list.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) throw new DeployError('--instances needs ports separated by commas, e.g. 3101,3102')
    return list
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => {
      if (argv[i + 1] === undefined) throw new DeployError(`${arg} needs a value`)
      return argv[++i]
    }
    if (arg === 'rollback' || arg === 'deploy') options.command = arg
    else if (arg === '--base') options.base = path.resolve(value())
    else if (arg === '--ref') options.ref = value()
    else if (arg === '--repo') options.repo = path.resolve(value())
    else if (arg === '--keep') options.keep = Math.max(2, Number(value()) || 0)
    else if (arg === '--restart') options.restart = value()
    else if (arg === '--instances') options.instances = ports(value())
    else if (arg === '--no-runner') options.runner = false
    else if (arg === '--drain-ms') options.drainMs = Number(value())
    else throw new DeployError(`unknown option ${arg}`)
  }
  if (!options.base) throw new DeployError('--base DIR is required (the folder holding releases/ and current)')
  if (!['systemd', 'none'].includes(options.restart)) throw new DeployError('--restart is systemd or none')
  return options
}

async function main() {
  const o = parseArgs(process.argv.slice(2))
  const started = Date.now()
  const from = currentRelease(o.base)
  const target = o.command === 'rollback' ? previousRelease(o.base) : createRelease({ base: o.base, repo: o.repo, ref: o.ref })
  if (!target) throw new DeployError('there is no earlier release to go back to')
  switchTo(o.base, target)
  console.info(`wheelhouse: ${path.basename(from ?? '(none)')} → ${path.basename(target)}`)
  if (o.restart === 'systemd') {
    await rollingRestart({ ports: o.instances, release: buildId(target), restart: systemdRestart, drainMs: o.drainMs })
    // The runner takes no traffic: it restarts last, once the instances serve the new release.
    if (o.runner) run('systemctl', ['restart', 'wheelhouse-runner.service'])
  } else console.info('wheelhouse: restart the instances one at a time now (they run from current)')
  const removed = o.command === 'deploy' ? pruneReleases(o.base, o.keep) : []
  console.info(`wheelhouse: ${o.command === 'rollback' ? 'rolled back' : 'deployed'} in ${((Date.now() - started) / 1000).toFixed(0)} s${removed.length ? `; removed ${removed.length} old release(s)` : ''}`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`wheelhouse: ${error instanceof DeployError ? error.message : (error?.stack ?? error)}`)
    process.exit(1)
  })
}
