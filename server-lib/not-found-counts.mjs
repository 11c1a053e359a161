// 404s of storefront pages, counted for staff (admin: Content › Not-found paths) at the production server's edge:
// each path with its count, last referrer and time, at most 500 paths between two reports (past that, only paths
// already counted move), handed on in batches (`take`) that server.mjs sends to /api/internal/not-found every 10 s.
// Scripts, API calls and the admin are not pages a visitor followed a link to, so they are not counted.

const PAGE_PATH = /^\/(?!_next\/|api\/|admin(\/|$))[^.]*$/
const MAX_PATHS = 500

export function createNotFoundCounter() {
  const counted = new Map()
  return {
    /** Counts one GET answered 404. */
    note(req) {
      const pathOnly = (req.url ?? '').split('?')[0].slice(0, 500)
      if (!PAGE_PATH.test(pathOnly)) return
      const entry = counted.get(pathOnly) ?? { path: pathOnly, count: 0, referrer: null, at: '' }
      entry.count += 1
      entry.at = new Date().toISOString()
      const referrer = req.headers.referer
      if (typeof referrer === 'string') entry.referrer = referrer.slice(0, 500)
      if (counted.size < MAX_PATHS || counted.has(pathOnly)) counted.set(pathOnly, entry)
    },
    /** The paths counted since the last call, and a fresh start. */
    take() {
      const hits = [...counted.values()]
      counted.clear()
      return hits
    },
  }
}
