// The body of a possible server action, read and checked before Next sees it (ADR 039). Next answers a body it cannot
// decode with a 500 and a logged stack: a form body with no boundary or cut short, a fetch action's text that is not
// JSON, a fetch action's form without its root field "0". The visitor sent those, so they are refused as such (400),
// and a body over Next's own limit for actions (1 MB) is refused with 413. A body that reads well is handed to Next in
// a fresh request object holding the same bytes, so Next reads it exactly as it would have read the original.
import http from 'node:http'

/** Next's default `serverActions.bodySizeLimit`. */
export const ACTION_BODY_LIMIT = 1024 * 1024
const MULTIPART = /^multipart\/form-data\b/i

/** Why a possible action's body cannot be decoded, or null when Next can read it. */
export async function actionBodyProblem(contentType, body, isFetchAction) {
  const type = String(contentType ?? '')
  if (MULTIPART.test(type)) {
    if (!/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(type)) return 'The form has no boundary.'
    let form
    try {
      form = await new Request('http://shop.invalid/', { method: 'POST', headers: { 'content-type': type }, body }).formData()
    } catch {
      return 'The form could not be read.'
    }
    if (!isFetchAction) return null
    const root = form.get('0')
    if (typeof root !== 'string') return 'The action’s arguments are missing.'
    return jsonProblem(root)
  }
  if (!isFetchAction) return null
  return jsonProblem(body.toString('utf8'))
}

function jsonProblem(text) {
  try {
    JSON.parse(text)
    return null
  } catch {
    return 'The action’s arguments could not be read.'
  }
}

function refuse(res, status, error, message) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify({ error, message }))
}

/** A request like `req` (same socket, method, URL and headers) whose body is `body`, for Next to read. */
function replayed(req, body) {
  const again = new http.IncomingMessage(req.socket)
  again.method = req.method
  again.url = req.url
  again.headers = req.headers
  again.rawHeaders = req.rawHeaders
  again.httpVersion = req.httpVersion
  again.httpVersionMajor = req.httpVersionMajor
  again.httpVersionMinor = req.httpVersionMinor
  again.push(body)
  again.push(null)
  again.complete = true
  return again
}

/**
 * Reads the body of a possible server action (`isFetchAction`: it has a `next-action` header), then either refuses it
 * or calls `proceed` with a request holding the same body. Answers nothing itself until the body has been read.
 */
export function checkActionBody(req, res, isFetchAction, proceed, { limit = ACTION_BODY_LIMIT } = {}) {
  const chunks = []
  let size = 0
  let over = false
  req.on('data', (chunk) => {
    if (over) return
    size += chunk.length
    if (size > limit) {
      over = true
      chunks.length = 0
      refuse(res, 413, 'payload_too_large', 'The form is larger than the shop accepts.')
      return
    }
    chunks.push(chunk)
  })
  req.on('error', () => {})
  req.on('end', () => {
    if (over) return
    const body = Buffer.concat(chunks)
    actionBodyProblem(req.headers['content-type'], body, isFetchAction).then(
      (problem) => (problem ? refuse(res, 400, 'invalid_request', problem) : proceed(replayed(req, body))),
      () => refuse(res, 400, 'invalid_request', 'The form could not be read.'),
    )
  })
}
