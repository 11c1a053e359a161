// The container files cannot be built on the machines the tests run on (no container engine, and only the npm
// registry and Debian's packages are reachable: ADR 063), so what can be checked without building is checked here.
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'

const read = (file: string) => fs.readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')
const dockerfile = read('Dockerfile')
const stages = dockerfile.split(/^FROM /m).slice(1).map((text) => ({ name: /AS (\S+)/.exec(text.split('\n')[0]!)?.[1], text }))

describe('the Dockerfile', () => {
  it('builds on Node 24 LTS, and its default target (the last stage) serves as an unprivileged user', () => {
    expect(dockerfile).toMatch(/^FROM node:24-bookworm-slim AS base$/m)
    const runtime = stages.at(-1)!
    expect(runtime.name).toBe('runtime')
    const lines = runtime.text.split('\n')
    const user = lines.findIndex((l) => l.startsWith('USER '))
    expect(lines[user]).toBe('USER node')
    // Nothing is copied or run as root after the switch to the unprivileged user.
    expect(lines.slice(user + 1).filter((l) => /^(COPY|RUN|USER) /.test(l))).toEqual([])
    expect(runtime.text).toContain('COPY --from=deps-production /app/node_modules ./node_modules')
    expect(stages.find((s) => s.name === 'deps-production')!.text).toContain('npm install --no-audit --no-fund --omit=dev')
  })

  it('holds no secret: no key, password or token is set in the image', () => {
    for (const line of dockerfile.split('\n').filter((l) => /^(ENV|ARG) /.test(l) || /^\s+\S+=/.test(l))) expect(line).not.toMatch(/SECRET|PASSWORD|TOKEN|_KEY|DSN/i)
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim())
    for (const kept of ['.env', '.env.*', 'data', 'backups', 'backup-identity.txt', 'node_modules', '.next', '.git']) expect(ignored, kept).toContain(kept)
  })
})

describe('compose.yaml', () => {
  const compose = read('compose.yaml')
  const env = read('src/config/env.ts')
  it('sets only variables the shop reads, and takes every secret from .env, never a default', () => {
    const block = compose.split('x-shop-env: &shop-env\n')[1]!.split('\n\n')[0]!
    const names = [...block.matchAll(/^ {2}([A-Z_]+):/gm)].map((m) => m[1]!)
    expect(names.length).toBeGreaterThan(10)
    const readme = read('README.md')
    for (const name of names) expect(env.includes(`${name}:`) || readme.includes(`\`${name}\``), name).toBe(true)
    for (const secret of ['PAYLOAD_SECRET', 'ADMIN_PASSWORD', 'POSTGRES_PASSWORD']) expect(compose).toMatch(new RegExp(`\\$\\{${secret}:\\?`))
  })
  it('believes forwarded headers only from the TLS front, at its fixed address', () => {
    const address = /TRUST_PROXY: (\S+)/.exec(compose)![1]
    expect(compose).toContain(`ipv4_address: ${address}`)
    expect(compose).toMatch(/release: \{ condition: service_completed_successfully \}/)
  })
})
