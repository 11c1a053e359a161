// A response sent before its request body was fully read (an early 413 on a chunked upload, any early refusal) must
// close the connection: Node would keep the socket alive and try to read the rest of the unread body as if it were
// the next request, so the client's next request on that connection stalls behind an upload nobody will read.

/** Wraps `res` so that an answer written while `req` is still arriving carries `Connection: close` and ends the socket. */
export function closeAfterEarlyResponse(req, res) {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
  if (!hasBody) return
  // Held here: once a refused body's stream is cancelled the request is destroyed and req.socket is null.
  const socket = req.socket
  const writeHead = res.writeHead
  res.writeHead = function (...args) {
    if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close')
    return writeHead.apply(this, args)
  }
  res.on('finish', () => {
    // The client may go on sending; once our answer is out nothing more will be read from this connection.
    if (!req.complete) socket?.end()
  })
}
