// At most `max` requests of one kind running at once in this process, shared fairly between clients (ADR 021,
// ADR 039). GraphQL runs its database work on the same event loop as every page and /api/health, so a few
// allowed-but-heavy GraphQL requests at once (each under a second alone) would still stall the shop for seconds.
//
// Refusing every request over the limit at once let one client looping the heaviest allowed query hold the one slot
// nearly all the time: it asks again the instant its answer ends, so everyone else's query met a busy slot and a 503.
// So the slots are shared, not raced for:
//   - each client (its address, an IPv6 address by its /64 as every per-address limit counts it) has at most
//     `perClient` requests running or waiting; one more from it is refused at once (429), whoever else is waiting;
//   - a request that finds every slot busy waits in line, first come first served, for at most `waitMs`; the line
//     holds at most `queueMax` requests, and a request that cannot join it, or waits too long, is refused (503);
//   - a slot that frees goes to the longest-waiting request, so a looping client asks again behind everyone waiting.
// A request whose client goes away while it waits leaves the line.

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i

/** The key a client's address is shared under: an IPv4 address as itself, an IPv6 address by its first 64 bits. */
export function clientKey(address) {
  const text = String(address ?? 'unknown').trim().toLowerCase()
  const mapped = IPV4_MAPPED.exec(text)
  if (mapped) return mapped[1]
  if (!text.includes(':')) return text
  const [head, tail] = text.split('%')[0].split('::')
  const front = head ? head.split(':') : []
  const back = tail ? tail.split(':') : []
  const groups = tail === undefined ? front : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back]
  return `${groups.slice(0, 4).map((g) => (g.replace(/^0+(?=.)/, '') || '0')).join(':')}::/64`
}

/**
 * `matches(req)` picks the requests; `clientOf(req)` names the client; `refuse(res, reason)` answers one that is not
 * admitted (`reason` is 'client', one too many from its client, or 'busy'). `admit(req, res, run)` answers true when it
 * has taken the request: refused it, or put it in line, to `run()` once a slot is free. False: not a request it
 * limits, or admitted at once; the caller carries on. Without `perClient` and `queueMax`, whatever finds every slot
 * busy is refused at once.
 * @param {{ max: number, matches: (req: import('node:http').IncomingMessage) => boolean,
 *   refuse: (res: import('node:http').ServerResponse, reason: 'client' | 'busy') => void,
 *   clientOf?: (req: import('node:http').IncomingMessage) => string | string[] | undefined,
 *   perClient?: number, queueMax?: number, waitMs?: number }} options
 */
export function createInFlightLimit({ max, matches, refuse, clientOf = () => 'everyone', perClient = Infinity, queueMax = 0, waitMs = 5_000 }) {
  let inFlight = 0
  /** @type {Map<string, number>} requests running or waiting, per client */
  const perKey = new Map()
  /** @type {Array<{ res: import('node:http').ServerResponse, key: string, run: () => void, timer: NodeJS.Timeout, done: boolean }>} */
  const line = []

  function leave(key) {
    const left = (perKey.get(key) ?? 1) - 1
    if (left > 0) perKey.set(key, left)
    else perKey.delete(key)
  }

  function start(res, key) {
    inFlight += 1
    let released = false
    const release = () => {
      if (released) return
      released = true
      inFlight -= 1
      leave(key)
      next()
    }
    res.on('finish', release)
    res.on('close', release)
  }

  function next() {
    while (inFlight < max && line.length > 0) {
      const waiting = line.shift()
      if (waiting.done) continue
      waiting.done = true
      clearTimeout(waiting.timer)
      start(waiting.res, waiting.key)
      waiting.run()
    }
  }

  return {
    admit(req, res, run) {
      if (!matches(req)) return false
      const key = clientKey(clientOf(req))
      if ((perKey.get(key) ?? 0) >= perClient) {
        refuse(res, 'client')
        return true
      }
      if (inFlight < max && line.length === 0) {
        perKey.set(key, (perKey.get(key) ?? 0) + 1)
        start(res, key)
        return false
      }
      if (line.length >= queueMax || !run) {
        refuse(res, 'busy')
        return true
      }
      perKey.set(key, (perKey.get(key) ?? 0) + 1)
      const waiting = { res, key, run, done: false, timer: /** @type {NodeJS.Timeout} */ (/** @type {unknown} */ (null)) }
      const giveUp = (answer) => {
        if (waiting.done) return
        waiting.done = true
        clearTimeout(waiting.timer)
        line.splice(line.indexOf(waiting), 1)
        leave(key)
        if (answer && !res.headersSent) refuse(res, 'busy')
      }
      waiting.timer = setTimeout(() => giveUp(true), waitMs)
      waiting.timer.unref?.()
      res.on('close', () => giveUp(false))
      line.push(waiting)
      return true
    },
    // eslint-disable-next-line no-restricted-syntax -- one per process, never per request (ADR 083)
    get inFlight() {
      return inFlight
    },
    // eslint-disable-next-line no-restricted-syntax -- one per process, never per request (ADR 083)
    get waiting() {
      return line.length
    },
  }
}
