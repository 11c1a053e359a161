import http from 'node:http'
import net from 'node:net'
import { Readable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { closeAfterEarlyResponse } from './early-response.mjs'
import { trackConnections } from './graceful-drain.mjs'

// A raw keep-alive client, as nginx's upstream pool is: requests written on one socket, answers read as they come.
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let buffer = ''
  let closed = false
  const waiters: Array<() => void> = []
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    buffer += chunk
    waiters.splice(0).forEach((w) => w())
  })
  socket.on('close', () => {
    closed = true
    waiters.splice(0).forEach((w) => w())
  })
  const until = async (test: () => boolean) => {
    while (!test()) await new Promise<void>((resolve) => waiters.push(resolve))
  }
  return {
    ready: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: t\r\n\r\n`),
    /** The next whole answer (headers and its `ok` body). */
    async answer() {
      await until(() => closed || /\r\n\r\nok/.test(buffer))
      const end = buffer.indexOf('\r\n\r\nok')
      if (end < 0) return null
      const text = buffer.slice(0, end + 6)
      buffer = buffer.slice(end + 6)
      return text
    },
    get closed() {
      return closed
    },
    waitClosed: () => until(() => closed),
    destroy: () => socket.destroy(),
    socket,
  }
}

/** The client's next answer is a 200 that tells it to close, and the server then closes the connection. */
async function answeredThenClosed(client: ReturnType<typeof rawClient>) {
  const answer = await client.answer()
  expect(answer).toMatch(/^HTTP\/1.1 200/)
  expect(answer).toMatch(/connection: close/i)
  await client.waitClosed()
}

const servers: http.Server[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections()
})

async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler)
  servers.push(server)
  const tracker = trackConnections(server, { sweepMs: 10 })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return { server, tracker, port: (server.address() as net.AddressInfo).port }
}

describe('graceful drain', () => {
  it('answers a request that was in flight at the signal with Connection: close', async () => {
    let release = () => {}
    const { tracker, port } = await serve((req, res) => {
      if (req.url === '/slow') release = () => res.end('ok')
      else res.end('ok')
    })
    const client = rawClient(port)
    await client.ready
    client.send('/slow')
    await new Promise((r) => setTimeout(r, 50))
    tracker.beginDrain()
    release()
    await answeredThenClosed(client)
  })

  it('keeps an idle pooled connection open until it has been idle longer than the balancer keeps one, and answers on it meanwhile', async () => {
    const { tracker, port } = await serve((_req, res) => res.end('ok'))
    const client = rawClient(port)
    await client.ready
    client.send('/a')
    expect(await client.answer()).not.toMatch(/connection: close/i) // pooled, as before any signal
    let stopped = false
    tracker.stop(
      () => {
        stopped = true
      },
      { idleCloseMs: 400 },
    )
    // Node's own server.close() would close this idle connection now; the balancer could be writing on it.
    await new Promise((r) => setTimeout(r, 100))
    expect(client.closed).toBe(false)
    client.send('/b')
    const late = await client.answer()
    expect(late).toMatch(/^HTTP\/1.1 200/)
    expect(late).toMatch(/connection: close/i) // so the balancer lets it go
    await client.waitClosed()
    await new Promise((r) => setTimeout(r, 50))
    expect(stopped).toBe(true)
    expect(tracker.connections).toBe(0)
  })

  it('closes a connection left idle once it passes the idle limit, and then reports closed', async () => {
    const { tracker, port } = await serve((_req, res) => res.end('ok'))
    const client = rawClient(port)
    await client.ready
    client.send('/a')
    await client.answer()
    const started = Date.now()
    const closed = new Promise<number>((resolve) => tracker.stop(() => resolve(Date.now() - started), { idleCloseMs: 300 }))
    await client.waitClosed()
    const after = await closed
    expect(after).toBeGreaterThanOrEqual(250)
    expect(after).toBeLessThan(2_000)
  })

  it('answers a request that had begun to arrive when the server stopped, even with no drain (idle ones close at once)', async () => {
    const { tracker, port } = await serve((_req, res) => res.end('ok'))
    const idle = rawClient(port)
    const arriving = rawClient(port)
    await Promise.all([idle.ready, arriving.ready])
    arriving.socket.write('GET /partial HTTP/1.1\r\nHost: t\r\n') // the head is not complete yet
    await new Promise((r) => setTimeout(r, 50))
    tracker.stop(() => {}, { idleCloseMs: 0 })
    await idle.waitClosed() // nothing had arrived on it: closed now
    expect(arriving.closed).toBe(false)
    arriving.socket.write('Accept: text/plain\r\n\r\n')
    await answeredThenClosed(arriving)
  })

  it('stops taking new connections once stopped', async () => {
    const { tracker, port } = await serve((_req, res) => res.end('ok'))
    tracker.stop(() => {}, { idleCloseMs: 300 })
    const refused = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1')
      s.on('connect', () => {
        s.destroy()
        resolve(false)
      })
      s.on('error', () => resolve(true))
    })
    expect(refused).toBe(true)
  })

  it('survives a body refused half-way (an oversized chunked POST read as a web stream and cancelled, as Next reads one)', async () => {
    // Cancelling the web stream destroys the request, and Node then lets go of its socket (req.socket is null) before
    // the answer's finish: reading the socket from the request there threw, uncaught, and ended the process.
    const thrown: unknown[] = []
    const onUncaught = (error: unknown) => thrown.push(error)
    process.on('uncaughtException', onUncaught)
    try {
      const { port } = await serve(async (req, res) => {
        closeAfterEarlyResponse(req, res)
        const reader = (Readable.toWeb(req) as ReadableStream<Uint8Array>).getReader()
        let size = 0
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          size += value.length
          if (size > 64 * 1024) {
            await reader.cancel()
            res.writeHead(413)
            res.end('too big')
            return
          }
        }
        res.end('ok')
      })
      const socket = net.connect(port, '127.0.0.1')
      let answer = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => (answer += chunk))
      socket.on('error', () => {}) // the server closes while the client still sends
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
      socket.write('POST /upload HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n')
      const chunk = 'x'.repeat(65_536)
      for (let i = 0; i < 8 && !socket.destroyed; i++) {
        socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
        await new Promise((r) => setTimeout(r, 5))
      }
      await new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())))
      await new Promise((r) => setTimeout(r, 50))
      expect(answer).toMatch(/^HTTP\/1.1 413/)
      expect(thrown).toEqual([])
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  })
})
