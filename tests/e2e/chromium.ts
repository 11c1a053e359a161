// Finds Debian's Chromium (CHROME_PATH overrides), installing it when we are root on Debian.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

export const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--no-first-run']

export function ensureChromium(): string {
  const wanted = process.env.CHROME_PATH || '/usr/bin/chromium'
  if (fs.existsSync(wanted)) return wanted
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const isDebian = fs.existsSync('/etc/debian_version') && fs.existsSync('/usr/bin/apt-get')
  if (!process.env.CHROME_PATH && isRoot && isDebian) {
    console.info('Chromium is missing: installing Debian’s chromium package')
    const result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    if (result.status !== 0) spawnSync('apt-get', ['update'], { stdio: 'inherit' })
    if (result.status !== 0) spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    if (fs.existsSync(wanted)) return wanted
  }
  throw new Error(
    `Chromium not found at ${wanted}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
  )
}
