import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createRelease, currentRelease, DeployError, layout, listReleases, parseArgs, previousRelease, pruneReleases, releaseName, rollingRestart, switchTo } from './deploy.mjs'

const made: string[] = []
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-deploy-test-'))
  made.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** A release directory holding a build, as createRelease leaves one. */
function fakeRelease(base: string, at: string, build = `build-${at}`) {
  const dir = path.join(layout(base).releases, `${at}-abcdef012345`)
  fs.mkdirSync(path.join(dir, '.next'), { recursive: true })
  fs.writeFileSync(path.join(dir, '.next', 'BUILD_ID'), build)
  return dir
}

/** A one-commit repository whose scripts/release.mjs does `body` in the release directory. */
function repoWithRelease(body: string) {
  const repo = tmp()
  fs.mkdirSync(path.join(repo, 'scripts'))
  fs.writeFileSync(path.join(repo, 'scripts', 'release.mjs'), body)
  const git = (...args: string[]) => expect(spawnSync('git', args, { cwd: repo }).status).toBe(0)
  git('init', '-q')
  git('add', '.')
  git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'release')
  return repo
}

describe('release directories', () => {
  it('names releases so that they sort by the time they were made', () => {
    const first = releaseName('0123456789abcdef', new Date('2026-11-28T09:05:01.123Z'))
    expect(first).toBe('20261128T090501Z-0123456789ab')
    expect([releaseName('ff', new Date('2026-12-01T00:00:00Z')), first].sort()[0]).toBe(first)
  })

  it('switches current to a built release in one rename, and refuses a directory without a build', () => {
    const base = tmp()
    const a = fakeRelease(base, '20261128T090000Z')
    const b = fakeRelease(base, '20261128T100000Z')
    expect(currentRelease(base)).toBeNull()
    switchTo(base, a)
    expect(currentRelease(base)).toBe(a)
    switchTo(base, b)
    expect(currentRelease(base)).toBe(b)
    expect(fs.readFileSync(path.join(layout(base).current, '.next', 'BUILD_ID'), 'utf8')).toBe('build-20261128T100000Z')
    // Nothing left beside it: the temporary link was renamed over `current`.
    expect(fs.readdirSync(base).sort()).toEqual(['current', 'releases'])
    const unbuilt = path.join(layout(base).releases, '20261128T110000Z-abcdef012345')
    fs.mkdirSync(unbuilt)
    expect(() => switchTo(base, unbuilt)).toThrow(DeployError)
    expect(currentRelease(base)).toBe(b)
  })

  it('rolls back to the release before the current one, and has none to go to after the first', () => {
    const base = tmp()
    const [a, b, c] = ['20261128T090000Z', '20261128T100000Z', '20261128T110000Z'].map((at) => fakeRelease(base, at))
    switchTo(base, a!)
    expect(previousRelease(base)).toBeNull()
    switchTo(base, c!)
    expect(previousRelease(base)).toBe(b)
    switchTo(base, b!) // after a rollback, the next one goes further back
    expect(previousRelease(base)).toBe(a)
  })

  it('prunes the oldest releases beyond the number kept, never the current one or the one before it', () => {
    const base = tmp()
    const all = ['20261128T090000Z', '20261128T100000Z', '20261128T110000Z', '20261128T120000Z', '20261128T130000Z'].map((at) => fakeRelease(base, at))
    switchTo(base, all[1]!) // rolled back to an old one
    const removed = pruneReleases(base, 2)
    expect(removed).toEqual([all[2]])
    expect(listReleases(base)).toEqual([all[0], all[1], all[3], all[4]])
  })
})

describe('createRelease', () => {
  it('builds a release from a commit in a directory of its own, naming the commit to the build', () => {
    const repo = repoWithRelease(`import fs from 'node:fs'\nfs.mkdirSync('.next', { recursive: true })\nfs.writeFileSync('.next/BUILD_ID', process.env.RELEASE_COMMIT)\n`)
    const base = tmp()
    const installed: string[] = []
    const dir = createRelease({ base, repo, install: (d: string) => installed.push(d) })
    const sha = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).stdout.trim()
    expect(installed).toEqual([dir])
    expect(path.basename(dir)).toMatch(new RegExp(`^\\d{8}T\\d{6}Z-${sha.slice(0, 12)}$`))
    expect(fs.readFileSync(path.join(dir, '.next', 'BUILD_ID'), 'utf8')).toBe(sha)
    expect(currentRelease(base)).toBeNull() // made, not switched to
  })

  it('deletes a release that cannot migrate or build, and leaves current where it was', () => {
    const repo = repoWithRelease(`console.error('the migration failed'); process.exit(3)\n`)
    const base = tmp()
    const serving = fakeRelease(base, '20261128T090000Z')
    switchTo(base, serving)
    expect(() => createRelease({ base, repo, install: () => {} })).toThrow(/release\.mjs failed \(exit 3\)/)
    expect(listReleases(base)).toEqual([serving])
    expect(currentRelease(base)).toBe(serving)
    expect(() => createRelease({ base, repo, ref: 'no-such-branch', install: () => {} })).toThrow(/is not a commit/)
  })
})

describe('rollingRestart', () => {
  it('restarts one instance at a time, each once the one before serves the new release', async () => {
    const serving = new Map<number, string>()
    const servers = [0, 0].map(() => null as null | import('node:http').Server)
    const http = await import('node:http')
    const ports: number[] = []
    for (const i of servers.keys()) {
      const server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ release: serving.get(ports[i]!) })))
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      ports.push((server.address() as import('node:net').AddressInfo).port)
      servers[i] = server
      serving.set(ports[i]!, 'old')
    }
    const events: string[] = []
    try {
      await rollingRestart({
        ports,
        release: 'new',
        drainMs: 10,
        restart: async (port: number): Promise<void> => {
          events.push(`restart ${port} while ${ports.map((p) => serving.get(p)).join(',')}`)
          setTimeout(() => serving.set(port, 'new'), 300) // comes back a moment later
        },
      })
    } finally {
      for (const server of servers) server?.close()
    }
    expect(events).toEqual([`restart ${ports[0]} while old,old`, `restart ${ports[1]} while new,old`])
  })
})

describe('the command line', () => {
  it('needs a base, and refuses what it does not know', () => {
    expect(() => parseArgs([])).toThrow(/--base DIR is required/)
    expect(() => parseArgs(['--base', '/srv/w', '--instances', '3101,x'])).toThrow(/--instances needs ports/)
    expect(() => parseArgs(['--base', '/srv/w', '--restart', 'kill'])).toThrow(/systemd or none/)
    expect(() => parseArgs(['--base', '/srv/w', '--frobnicate'])).toThrow(/unknown option/)
    expect(parseArgs(['rollback', '--base', '/srv/w', '--instances', '3101,3102,3103'])).toMatchObject({ command: 'rollback', base: '/srv/w', instances: [3101, 3102, 3103], runner: true })
  })
})
