// A possible server action's body is read before Next: what Next cannot decode (and would answer with a 500) is a
// 400, a body over Next's limit a 413, and a body that reads well reaches Next byte for byte.
import type http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionBodyProblem, checkActionBody } from './action-body.mjs'
import { serveModule, type ModuleServer } from './test-server'

const form = (fields: Record<string, string>, boundary = 'X') =>
  Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`

describe('a server action’s body', () => {
  it('is refused when Next could not decode it', async () => {
    expect(await actionBodyProblem('multipart/form-data', Buffer.from(form({ a: '1' })), false)).toMatch(/no boundary/)
    expect(await actionBodyProblem('multipart/form-data; boundary=X', Buffer.from('--X\r\nbroken'), false)).toMatch(/could not be read/)
    expect(await actionBodyProblem('text/plain;charset=UTF-8', Buffer.from('junk'), true)).toMatch(/arguments/)
    expect(await actionBodyProblem(undefined, Buffer.alloc(0), true)).toMatch(/arguments/)
    expect(await actionBodyProblem('multipart/form-data; boundary=X', Buffer.from(form({ email: 'a@b.c' })), true)).toMatch(/missing/)
    expect(await actionBodyProblem('multipart/form-data; boundary=X', Buffer.from(form({ '0': '{not json' })), true)).toMatch(/arguments/)
  })

  it('goes on when it reads well: a fetch action’s JSON or form with its root, a form posted without JavaScript', async () => {
    expect(await actionBodyProblem('text/plain;charset=UTF-8', Buffer.from('[{"status":"idle"},"$K1"]'), true)).toBeNull()
    expect(await actionBodyProblem('multipart/form-data; boundary=X', Buffer.from(form({ '0': '["$K1"]', '1_email': 'a@b.c' })), true)).toBeNull()
    expect(await actionBodyProblem('multipart/form-data; boundary=X', Buffer.from(form({ '$ACTION_REF_1': '', email: 'a@b.c' })), false)).toBeNull()
    expect(await actionBodyProblem('application/x-www-form-urlencoded', Buffer.from('a=1'), false)).toBeNull()
  })

  describe('through a server', () => {
    let server: ModuleServer
    const seen: string[] = []
    beforeAll(async () => {
      server = await serveModule((req: http.IncomingMessage, res: http.ServerResponse) => {
        checkActionBody(req, res, req.headers['next-action'] !== undefined, (again: http.IncomingMessage) => {
          // Next, standing in: it reads the body of the request it is handed.
          const chunks: Buffer[] = []
          again.on('data', (c: Buffer) => chunks.push(c))
          again.on('end', () => {
            seen.push(Buffer.concat(chunks).toString('utf8'))
            res.writeHead(200, { 'content-type': 'text/plain' })
            res.end(`${again.method} ${again.url} ${String(again.headers['next-action'])}`)
          })
        }, { limit: 64 * 1024 })
        return true
      })
    })
    afterAll(() => server.close())

    it('hands Next the same method, address, headers and bytes', async () => {
      const body = '[{"status":"idle"},"$K1"]'
      const res = await server.raw('/login?next=%2Faccount', { method: 'POST', headers: { 'next-action': 'a'.repeat(42), 'content-type': 'text/plain;charset=UTF-8', 'content-length': String(body.length) }, body })
      expect(res.status).toBe(200)
      expect(res.body.toString()).toBe(`POST /login?next=%2Faccount ${'a'.repeat(42)}`)
      expect(seen.at(-1)).toBe(body)
    })

    it('answers 400 for a body Next could not decode and 413 for one over the limit', async () => {
      const junk = await server.raw('/login', { method: 'POST', headers: { 'next-action': 'a'.repeat(42), 'content-type': 'text/plain' }, body: 'junk' })
      expect(junk.status).toBe(400)
      expect(JSON.parse(junk.body.toString())).toMatchObject({ error: 'invalid_request', message: expect.any(String) })
      const big = await server.raw('/login', { method: 'POST', headers: { 'next-action': 'a'.repeat(42), 'content-type': 'text/plain' }, body: `"${'x'.repeat(100_000)}"` })
      expect(big.status).toBe(413)
    })
  })
})
