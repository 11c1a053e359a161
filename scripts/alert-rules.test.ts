// The shipped alert rules (docs/ops/alert-rules.yml) are valid Prometheus rules, and each fires on the series that
// should fire it and stays quiet on a healthy shop (docs/ops/alert-rules.test.yml), checked by Prometheus's own
// promtool. promtool comes from Debian's prometheus package, unpacked into node_modules/.cache (never installed as a
// service); a machine without it and without apt fails this test with the reason rather than skipping it.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const cache = path.join(root, 'node_modules', '.cache', 'promtool')

function promtool(): string {
  const onPath = spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' }).stdout.trim()
  if (onPath) return onPath
  const unpacked = path.join(cache, 'usr', 'bin', 'promtool')
  if (fs.existsSync(unpacked)) return unpacked
  fs.mkdirSync(cache, { recursive: true })
  const download = spawnSync('apt-get', ['download', 'prometheus'], { cwd: cache, encoding: 'utf8' })
  const deb = fs.readdirSync(cache).find((f) => f.startsWith('prometheus_') && f.endsWith('.deb'))
  if (!deb) throw new Error(`promtool is not installed and Debian's prometheus package could not be fetched: ${download.stderr || download.error}`)
  const unpack = spawnSync('dpkg', ['-x', deb, '.'], { cwd: cache, encoding: 'utf8' })
  if (unpack.status !== 0 || !fs.existsSync(unpacked)) throw new Error(`could not unpack ${deb}: ${unpack.stderr}`)
  fs.rmSync(path.join(cache, deb))
  return unpacked
}

describe('alert rules', () => {
  it('are valid rules, and fire on failing series only (promtool)', () => {
    const bin = promtool()
    const check = spawnSync(bin, ['check', 'rules', 'alert-rules.yml'], { cwd: path.join(root, 'docs', 'ops'), encoding: 'utf8' })
    expect(check.status, check.stdout + check.stderr).toBe(0)
    expect(check.stdout).toMatch(/SUCCESS: 7 rules found/)
    const test = spawnSync(bin, ['test', 'rules', 'alert-rules.test.yml'], { cwd: path.join(root, 'docs', 'ops'), encoding: 'utf8' })
    expect(test.status, test.stdout + test.stderr).toBe(0)
  }, 120_000)
})
