// Catalogue pictures straight from the media folder, in front of Payload's file route (ADR 018). Payload answers
// `GET /api/media/file/<name>` by looking the file's document up in the database to apply the collection's read
// rule, then streams the file with no Cache-Control, ETag or Last-Modified, so a browser fetched every picture
// again on every page and each one cost the server a query. The media collection's read rule is `anyone`
// (src/cms/collections/media.ts; a unit test ties the two together), so the file itself is the whole answer:
// it is sent from disk with validators and browser caching. Anything this module does not recognise (another
// extension, a name with a path in it, a Range request, a file that is not there) goes on to Payload unchanged.
import path from 'node:path'
import { pathAfter, regularFile, sendFile } from './file-response.mjs'

const MEDIA_PREFIX = '/api/media/file/'
const TYPES = { avif: 'image/avif', webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif' }
// One path segment: no slash, no leading dot (so never "." or ".."), an image extension.
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,250}\.(avif|webp|png|jpe?g|gif)$/i
// An hour fresh, then a day in which the browser shows its copy while it checks the ETag in the background: a picture
// replaced under the same file name shows within the hour; every other view costs no request at all.
export const MEDIA_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400'

/** The file name a request asks for, or null when it is not a plain picture request this module may answer. */
function mediaFileName(req) {
  const raw = pathAfter(req, MEDIA_PREFIX)
  if (raw === null) return null
  let name
  try {
    name = decodeURIComponent(raw)
  } catch {
    return null
  }
  return FILE_NAME.test(name) ? name : null
}

/**
 * Answers a picture request from `mediaDir` and returns true, or returns false (having written nothing) when the
 * request is not one it serves; the caller then hands it to Next and Payload.
 */
export function serveMediaFile(req, res, mediaDir) {
  const name = mediaFileName(req)
  if (!name) return false
  const file = path.join(mediaDir, name)
  const stat = regularFile(file)
  if (!stat) return false
  sendFile(req, res, {
    file,
    stat,
    headers: { 'Content-Type': TYPES[path.extname(name).slice(1).toLowerCase()], 'Cache-Control': MEDIA_CACHE_CONTROL },
  })
  return true
}
