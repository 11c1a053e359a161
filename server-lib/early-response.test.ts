import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { closeAfterEarlyResponse } from './early-response.mjs'

let server: http.Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** A server that refuses every upload with 413 after its first chunk, without reading the rest (as the body limit does). */
function start(withFix: boolean): Promise<number> {
  server = http.createServer((req, res) => {
    if (withFix) closeAfterEarlyResponse(req, res)
    if (req.method === 'GET') return void res.end('ok')
    req.once('data', () => {
      res.writeHead(413, { 'Content-Type': 'text/plain' })
      res.end('too large')
    })
  })
  server.keepAliveTimeout = 65_000
  return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port)))
}

/** Sends a chunked upload that never ends, reads the 413, then tells whether the connection was closed. */
function chunkedUploadThenWait(port: number): Promise<{ status: string; closed: boolean; headers: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let data = ''
    let answered = false
    const finish = (closed: boolean) => {
      socket.destroy()
      resolve({ status: data.split('\r\n')[0] ?? '', closed, headers: data.split('\r\n\r\n')[0] ?? '' })
    }
    socket.on('data', (chunk) => {
      data += chunk.toString()
      if (!answered && data.includes('too large')) {
        answered = true
        // Keep uploading as a real client would, then see whether the server hangs up.
        socket.write(`${(1024).toString(16)}\r\n${'x'.repeat(1024)}\r\n`)
        setTimeout(() => finish(false), 1_000)
      }
    })
    socket.on('close', () => finish(true))
    socket.on('error', () => finish(true))
    socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n')
    socket.write(`${(1024).toString(16)}\r\n${'x'.repeat(1024)}\r\n`)
  })
}

describe('an early answer to a chunked upload', () => {
  it('says Connection: close and closes the connection, so no later request stalls on it', async () => {
    const port = await start(true)
    const result = await chunkedUploadThenWait(port)
    expect(result.status).toBe('HTTP/1.1 413 Payload Too Large')
    expect(result.headers.toLowerCase()).toContain('connection: close')
    expect(result.closed).toBe(true)
  })

  it('leaves complete requests on a kept-alive connection alone', async () => {
    const port = await start(true)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const get = () => new Promise<string | undefined>((resolve) => http.get({ port, host: '127.0.0.1', path: '/', agent }, (res) => { res.resume(); res.on('end', () => resolve(res.headers.connection)) }))
    expect(await get()).toBe('keep-alive')
    expect(await get()).toBe('keep-alive')
    agent.destroy()
  })
})
