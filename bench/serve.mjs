// Shared by the benches: serve the existing production build on a spare port and wait until it answers.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** Serves the build of `dir` (this checkout by default) with this process's environment and `env` on top. */
export async function serveBuild(port, { dir = path.resolve(import.meta.dirname, '..'), env = {} } = {}) {
  if (!fs.existsSync(path.join(dir, '.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npm start` once (it migrates, seeds and builds), then the bench.')
  }
  const child = spawn(process.execPath, ['server.mjs'], { cwd: dir, env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env }, stdio: 'ignore' })
  const base = `http://localhost:${port}`
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve)
        child.kill('SIGTERM')
      }),
  }
}
