// For the tests of server.mjs's modules that answer before Next: a loopback server around one of them, where
// whatever the module does not answer gets a 418 (standing in for Next), and raw requests to it.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import { createResponseCache } from './response-cache.mjs'

export interface RawResponse {
  readonly status: number
  readonly headers: http.IncomingHttpHeaders
  readonly body: Buffer
}

export interface ModuleServer {
  /** A raw request, so that paths reach the server exactly as written (fetch would normalise "..") and bodies stay encoded. */
  raw(pathname: string, options?: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawResponse>
  close(): Promise<void>
}

/** A module's answer: true when it answered the request, false to pass it on. */
export type ModuleAnswer = (req: http.IncomingMessage, res: http.ServerResponse) => boolean

export async function serveModule(answer: ModuleAnswer): Promise<ModuleServer> {
  const server = http.createServer((req, res) => {
    if (answer(req, res)) return
    res.writeHead(418)
    res.end('passed on')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    raw: (pathname, { method = 'GET', headers = {}, body } = {}) =>
      new Promise((resolve, reject) => {
        const req = http.request(`${base}${pathname}`, { method, headers, path: pathname }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
        })
        req.on('error', reject)
        req.end(body)
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * For a describe block of the response cache's tests: a fresh cache and a loopback server around the stand-in `shop`
 * made with it, both made before the block's tests and the server closed after them. Read them in the tests.
 */
export function serveShopWithCache(shop: (cache: ReturnType<typeof createResponseCache>) => ModuleAnswer): { readonly server: ModuleServer; readonly cache: ReturnType<typeof createResponseCache> } {
  const served = {} as { server: ModuleServer; cache: ReturnType<typeof createResponseCache> }
  beforeAll(async () => {
    served.cache = createResponseCache()
    served.server = await serveModule(shop(served.cache))
  })
  afterAll(() => served.server.close())
  return served
}
