import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SHOP_NODE_FLAGS } from './shop-node-flags.mjs'

const root = path.resolve(import.meta.dirname, '..')

describe('the shop’s Node flags', () => {
  it('are the ones `npm start` runs with', () => {
    const start = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start as string
    expect(start).toContain(`node ${SHOP_NODE_FLAGS.join(' ')} scripts/start.mjs`)
  })

  it('are accepted by the Node that runs the tests (V8 refuses a flag it does not know, and the shop would not start)', () => {
    const run = spawnSync(process.execPath, [...SHOP_NODE_FLAGS, '-e', 'process.exit(0)'], { encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
  })

  it('bound the old generation well under 1 GB', () => {
    const limit = SHOP_NODE_FLAGS.map((f) => /^--max-old-space-size=(\d+)$/.exec(f)?.[1]).find(Boolean)
    expect(Number(limit)).toBeGreaterThanOrEqual(512)
    expect(Number(limit)).toBeLessThanOrEqual(768)
  })
})
