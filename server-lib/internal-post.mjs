// A signed POST from the production server to one of the shop's internal endpoints (the 404 and search counts, Next's
// revalidation), which only this process can call: the body is signed with the Payload secret, read from the
// environment or, as the shop writes it on first start, from the data folder's secrets.json.
import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** The Payload secret this process signs with, or undefined before the shop has one. */
export function payloadSecret(dataDir) {
  if (process.env.PAYLOAD_SECRET) return process.env.PAYLOAD_SECRET
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).payloadSecret
  } catch {
    return undefined
  }
}

/**
 * Posts `payload` to `endpoint` on this instance, signed, and waits at most `timeoutMs` for the answer; a refusal or
 * a failure is logged as "<what> refused" or "<what> failed", never thrown.
 */
export function createInternalPost({ port, dataDir, log }) {
  return async function postInternal(endpoint, payload, what, timeoutMs = 5000) {
    const key = payloadSecret(dataDir)
    if (!key) return
    const body = JSON.stringify(payload)
    try {
      const response = await fetch(`http://127.0.0.1:${port}${endpoint}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Wheelhouse-Signature': createHmac('sha256', key).update(body).digest('hex') },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      })
      await response.body?.cancel()
      if (!response.ok) log('warn', { msg: `${what} refused`, status: response.status })
    } catch (error) {
      log('warn', { msg: `${what} failed`, err: String(error) })
    }
  }
}
