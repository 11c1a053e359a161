// The files that run on their own (the crash tests, the two-instance topology) start shops of their own and need none
// of global-setup.ts's: only Chromium, for the pages they open at their own shops' addresses.
import type { TestProject } from 'vitest/node'
import { ensureChromium } from './chromium'
import { E2E_ENV } from './global-setup'

export default function setup(project: TestProject) {
  // The crash tests' shops take the suite's environment (scripts/shop-process.mjs shopEnv) and seed the demo shop.
  process.env.MEDIA_AVIF_EFFORT = '0'
  project.provide('shops', [])
  project.provide('chromiumPath', ensureChromium())
  project.provide('adminEmail', E2E_ENV.ADMIN_EMAIL)
  project.provide('adminPassword', E2E_ENV.ADMIN_PASSWORD)
}
