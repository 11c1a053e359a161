// Marks the framework's scripts for eager compilation (ADR 088). Every App Router page runs nearly all of React,
// Next's router and Turbopack's runtime before it answers a press, yet V8 compiles each module's function only when
// it is first called, on the main thread, in the one task that starts the page: about 80 ms of a phone's page load
// on our machines. V8's magic comment `//# allFunctionsCalledOnLoad` at the top of a script makes it compile every
// function with the script, which for a script of this size happens on a background thread while it downloads.
// Browsers other than Chromium read it as a comment. Only the chunks every page loads first (the build manifest's
// `rootMainFiles`) carry it: a page's own chunks hold code that may never run on that page.
import fs from 'node:fs'
import path from 'node:path'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/** The script with the hint as its first line; the same script when it already has it. */
export function withCompileHint(source) {
  return source.startsWith(COMPILE_HINT) ? source : COMPILE_HINT + source
}

/** The framework chunks of the build in `nextDir` (paths under it), or none when it has no build manifest. */
export function frameworkChunks(nextDir) {
  let manifest
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8'))
  } catch {
    return []
  }
  return (manifest.rootMainFiles ?? []).filter((file) => file.endsWith('.js')).map((file) => path.join(nextDir, file))
}

/**
 * Adds the hint to each framework chunk of the build in `nextDir` that lacks it; resolves to how many it changed.
 * Written through a temporary name, so a server reading a chunk never sees half a file, and two instances starting at
 * once write the same bytes. The file's time moves on, so its compressed copies are written again after this.
 */
export function addCompileHints(nextDir) {
  let changed = 0
  for (const file of frameworkChunks(nextDir)) {
    const source = fs.readFileSync(file, 'utf8')
    const hinted = withCompileHint(source)
    if (hinted === source) continue
    const temp = `${file}.${process.pid}.tmp`
    fs.writeFileSync(temp, hinted)
    fs.renameSync(temp, file)
    changed++
  }
  return changed
}
