// Stopping an instance behind a load balancer without cutting a request the balancer has just sent (ADR 026).
//
// The balancer (nginx) keeps a pool of idle keep-alive connections to each instance and closes one itself once it
// has been idle for its keepalive_timeout (1 s in scripts/topology.mjs). If the instance closes an idle pooled
// connection instead, nginx can send a request on it in the same instant; a POST that was sent is never retried, so
// the customer gets a 502. Node's own `server.close()` closes every idle connection at once (Node 19+), which is
// exactly that. So a stopping server here:
//   - answers every response not yet started with `Connection: close`, including the ones already in flight when
//     the signal came (their headers are written later), so the balancer does not pool those connections again;
//   - stops listening without touching open connections;
//   - closes a connection only once it has been idle for longer than the balancer keeps one (`idleCloseMs`, 0 when
//     no balancer pools connections to it), so the balancer has let it go first; a request that still arrives on it
//     is answered, with `Connection: close`;
//   - never counts as idle a connection whose next request has begun to arrive (bytes read since its last answer,
//     before Node has the whole head and calls it a request): that request is answered too;
//   - calls `onClosed` when the last connection has gone.

import net from 'node:net'

/**
 * Tracks `server`'s connections and their in-flight requests: `beginDrain` at the signal, `stop` when the server
 * should stop listening and close as described above.
 */
export function trackConnections(server, { sweepMs = 100 } = {}) {
  /** @type {Map<import('node:net').Socket, { busy: number, idleSince: number, bytesAtIdle: number }>} */
  const sockets = new Map()
  /** @type {Set<import('node:http').ServerResponse>} */
  const open = new Set()
  let stopping = false

  server.on('connection', (socket) => {
    sockets.set(socket, { busy: 0, idleSince: Date.now(), bytesAtIdle: socket.bytesRead })
    socket.on('close', () => sockets.delete(socket))
  })
  // Before the app's own request listener (prependListener): the count must be up before any answer is written.
  server.prependListener('request', (req, res) => {
    // The socket as it is now: a request destroyed before its answer finished (a refused body whose stream was
    // cancelled) has let go of it by then, and req.socket is null.
    const socket = req.socket
    const state = sockets.get(socket)
    if (state) state.busy += 1
    open.add(res)
    if (stopping) res.setHeader('Connection', 'close')
    let done = false
    const finished = () => {
      if (done) return
      done = true
      open.delete(res)
      if (state) {
        state.busy -= 1
        state.idleSince = Date.now()
        state.bytesAtIdle = socket.bytesRead
      }
    }
    res.on('finish', finished)
    res.on('close', finished)
  })

  function sweep(idleCloseMs) {
    const at = Date.now()
    for (const [socket, state] of sockets) {
      // bytesRead counts what the socket received even while Node's parser reads it natively (no 'data' events)
      const receiving = socket.bytesRead !== state.bytesAtIdle
      if (state.busy === 0 && !receiving && at - state.idleSince >= idleCloseMs) socket.destroy()
    }
  }

  return {
    // eslint-disable-next-line no-restricted-syntax -- one per process, never per request (ADR 083)
    get connections() {
      return sockets.size
    },
    /** Starts answering with `Connection: close` (call at the signal, while still listening). */
    beginDrain() {
      stopping = true
      for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close')
    },
    /** Stops listening, then closes connections as they pass `idleCloseMs` idle; `onClosed` once none are left. */
    stop(onClosed, { idleCloseMs = 1_500 } = {}) {
      this.beginDrain()
      // net.Server's close: stop listening, keep the open connections (http.Server's would close the idle ones now).
      net.Server.prototype.close.call(server, () => onClosed())
      sweep(idleCloseMs)
      setInterval(() => sweep(idleCloseMs), sweepMs).unref()
    },
  }
}
