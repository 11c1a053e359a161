// Marks the scripts a page starts with for eager compilation (ADR 088). Every App Router page runs nearly all of React,
// Next's router and Turbopack's runtime before it answers a press, yet V8 compiles each module's function only when
// it is first called, on the main thread, in the one task that starts the page: 75–125 ms of the home page's load
// on a 2-core build machine, before Lighthouse's fourfold slowdown for a phone. V8's magic comment
// `//# allFunctionsCalledOnLoad` at the top of a script makes it compile every function with the script, which for a
// script of this size happens on a background thread while it downloads.
// Browsers other than Chromium read it as a comment. The chunks a storefront page loads before it can hydrate carry
// it: the framework's (the build manifest's `rootMainFiles`) and each route's entry chunks (`entryJSFiles` of the
// route's client reference manifest), whose code runs as the page starts. So do the chunks those fetch later by name,
// the late islands (ADR 016): the mini basket and the add-to-basket dialog come on every visit once the page is
// idle, and their first calls were 17–23 ms tasks of their own. They are 16 chunks and 113 KB in all, and one fetched
// only when the visitor reaches for it is then ready at once. The admin's routes are left as built: its bundle is
// several times the storefront's, and ADR 085 leaves its scripts alone too.
import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/** The script with the hint as its first line; the same script when it already has it. */
export function withCompileHint(source) {
  return source.startsWith(COMPILE_HINT) ? source : COMPILE_HINT + source
}

const ADMIN_ROUTES = '(payload)'
const CLIENT_MANIFEST = 'page_client-reference-manifest.js'

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

/** The client reference manifests of the build's routes outside the admin: files that assign to `__RSC_MANIFEST`. */
function routeManifests(appDir) {
  if (!fs.existsSync(appDir)) return []
  const out = []
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!(dir === appDir && entry.name === ADMIN_ROUTES)) walk(full)
      } else if (entry.name === CLIENT_MANIFEST) out.push(full)
    }
  }
  walk(appDir)
  return out
}

/**
 * The script chunks a storefront page loads before it can hydrate, and the late islands' chunks they name, as paths
 * under `nextDir`; none without a build.
 */
export function startupChunks(nextDir) {
  const files = new Set(readJson(path.join(nextDir, 'build-manifest.json'))?.rootMainFiles ?? [])
  for (const manifest of routeManifests(path.join(nextDir, 'server', 'app'))) {
    // The build's own script, run in a context of its own that it fills in, as the server does.
    const context = vm.createContext({})
    vm.runInContext(fs.readFileSync(manifest, 'utf8'), context, { filename: manifest })
    for (const route of Object.values(context.__RSC_MANIFEST ?? {})) {
      for (const chunks of Object.values(route.entryJSFiles ?? {})) for (const file of chunks) files.add(file)
    }
  }
  // A chunk loads another by its path under the build (`static/chunks/….js`, a string in its code); what a startup
  // chunk names, and what that names in turn, is a late island of the storefront.
  const queue = [...files].filter((file) => file.endsWith('.js'))
  while (queue.length > 0) {
    const source = readText(path.join(nextDir, queue.pop()))
    for (const [named] of source.matchAll(CHUNK_PATH)) {
      if (!files.has(named) && fs.existsSync(path.join(nextDir, named))) {
        files.add(named)
        queue.push(named)
      }
    }
  }
  return [...files].filter((file) => file.endsWith('.js')).sort().map((file) => path.join(nextDir, file))
}

const CHUNK_PATH = /static\/chunks\/[\w.~-]+\.js/g

function readText(file) {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

// Written once all of a build's startup chunks carry the hint. `next build` empties `.next`, so a marker newer than
// the build manifest means this build is done, and `npm start` does not read every route's manifest and chunk again.
const DONE_MARKER = 'wheelhouse-compile-hints'

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs
  } catch {
    return null
  }
}

/**
 * Adds the hint to each startup chunk of the build in `nextDir` that lacks it; answers how many it changed.
 * Written through a temporary name, so a server reading a chunk never sees half a file, and two instances starting at
 * once write the same bytes. The file's time moves on, so its compressed copies are written again after this.
 */
export function addCompileHints(nextDir) {
  const built = mtime(path.join(nextDir, 'build-manifest.json'))
  const marker = path.join(nextDir, DONE_MARKER)
  if (built === null || (mtime(marker) ?? -Infinity) >= built) return 0
  let changed = 0
  for (const file of startupChunks(nextDir)) {
    const source = fs.readFileSync(file, 'utf8')
    const hinted = withCompileHint(source)
    if (hinted === source) continue
    const temp = `${file}.${process.pid}.tmp`
    fs.writeFileSync(temp, hinted)
    fs.renameSync(temp, file)
    changed++
  }
  fs.writeFileSync(marker, `${changed} chunk(s) hinted\n`)
  return changed
}
