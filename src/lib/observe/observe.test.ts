import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { currentRequestId, logOptions, runWithRequest } from './logger.mjs'
import { metrics, onScrape } from './metrics.mjs'

function capture() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { log: pino(logOptions(), stream), lines }
}

describe('the shop’s logger', () => {
  it('writes one JSON format: level as a word, ISO time, the service', () => {
    const { log, lines } = capture()
    log.warn({ order: 'WH-1' }, 'something to look at')
    expect(lines[0]).toMatchObject({ level: 'warn', service: 'wheelhouse', order: 'WH-1', msg: 'something to look at' })
    expect(String(lines[0]!.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(lines[0]).not.toHaveProperty('requestId')
  })

  it('puts the request id on every line written while the request is handled, across awaits and timers', async () => {
    const { log, lines } = capture()
    await runWithRequest('req-aaaaaaaa', async () => {
      log.info('first')
      await new Promise((r) => setTimeout(r, 5))
      log.info('after a timer')
      expect(currentRequestId()).toBe('req-aaaaaaaa')
    })
    await Promise.all([
      runWithRequest('req-bbbbbbbb', async () => {
        await new Promise((r) => setTimeout(r, 3))
        log.info('b')
      }),
      runWithRequest('req-cccccccc', async () => log.info('c')),
    ])
    log.info('outside')
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['first', 'req-aaaaaaaa'],
      ['after a timer', 'req-aaaaaaaa'],
      ['c', 'req-cccccccc'],
      ['b', 'req-bbbbbbbb'],
      ['outside', undefined],
    ])
  })
})

describe('the shop’s metrics', () => {
  it('has every labelled counter at 0 before its first event, so the first order and payment are counted', async () => {
    const text = await metrics().registry.metrics()
    for (const series of ['wheelhouse_orders_placed_total{payment="card"}', 'wheelhouse_orders_placed_total{payment="finance"}', 'wheelhouse_payments_total{outcome="taken"}', 'wheelhouse_payments_total{outcome="failed"}', 'wheelhouse_payments_total{outcome="refunded"}', 'wheelhouse_webhook_failures_total{provider="stripe",reason="bad_signature"}', 'wheelhouse_page_cache_requests_total{result="hit"}']) {
      expect(text.split('\n'), series).toContain(`${series} 0`)
    }
  })

  it('is one registry per process, with the named series', async () => {
    expect(metrics()).toBe(metrics())
    metrics().ordersPlaced.inc({ payment: 'card' })
    metrics().httpDuration.observe({ family: 'api:checkout', method: 'POST', status: '2xx' }, 0.042)
    const text = await metrics().registry.metrics()
    expect(text).toMatch(/^wheelhouse_orders_placed_total\{payment="card"\} 1$/m)
    expect(text).toMatch(/^wheelhouse_http_request_duration_seconds_bucket\{le="0\.05",family="api:checkout",method="POST",status="2xx"\} 1$/m)
    expect(text).toContain('wheelhouse_process_resident_memory_bytes')
  })

  it('refreshes the database gauges when scraped, and keeps the last value when a read fails', async () => {
    let depth = 3
    onScrape('jobs', () => {
      if (depth < 0) throw new Error('database gone')
      metrics().jobsDepth.set(depth)
    })
    expect(await metrics().registry.metrics()).toMatch(/^wheelhouse_jobs_queue_depth 3$/m)
    depth = 5
    expect(await metrics().registry.metrics()).toMatch(/^wheelhouse_jobs_queue_depth 5$/m)
    depth = -1
    expect(await metrics().registry.metrics()).toMatch(/^wheelhouse_jobs_queue_depth 5$/m)
  })
})

describe('the error hook', () => {
  it('is off by default, and posts the error with its request id when ERROR_WEBHOOK_URL is set', async () => {
    const { reportError } = await import('./error-hook.mjs')
    const sent: Array<{ url: string; body: Record<string, unknown> }> = []
    const fakeFetch = (async (url: string, init: { body: string }) => {
      sent.push({ url, body: JSON.parse(init.body) as Record<string, unknown> })
      return new Response(null, { status: 202 })
    }) as unknown as typeof fetch
    await reportError(new Error('off'), { path: '/x' }, { url: '', fetch: fakeFetch })
    expect(sent).toHaveLength(0)
    await runWithRequest('req-dddddddd', () => reportError(new Error('boom'), { path: '/checkout' }, { url: 'http://tracker.test/ingest', fetch: fakeFetch }))
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ url: 'http://tracker.test/ingest', body: { service: 'wheelhouse', message: 'boom', requestId: 'req-dddddddd', context: { path: '/checkout' } } })
    // a tracker that is down is logged, never thrown at the caller
    await expect(reportError(new Error('again'), {}, { url: 'http://tracker.test/ingest', fetch: (async () => Promise.reject(new Error('down'))) as unknown as typeof fetch })).resolves.toBeUndefined()
  })
  it('sends the error through Sentry\'s SDK to the DSN when SENTRY_DSN is set, with its request id, and nothing else of the request', async () => {
    const { reportError } = await import('./error-hook.mjs')
    const received: Array<{ url: string; body: string }> = []
    const ingest = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') })
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    })
    await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve))
    try {
      const port = (ingest.address() as AddressInfo).port
      const dsn = `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/42`
      await runWithRequest('req-eeeeeeee', () => reportError(new Error('boom for sentry'), { path: '/checkout', method: 'POST' }, { url: '', sentryDsn: dsn }))
      expect(received).toHaveLength(1)
      expect(received[0]!.url.split('?')[0]).toBe('/api/42/envelope/')
      // An envelope: a header line, then the event's item header and the event itself.
      const event = JSON.parse(received[0]!.body.split('\n')[2]!) as { exception: { values: Array<{ value: string; type: string }> }; tags: Record<string, string>; contexts: Record<string, unknown>; request?: unknown; user?: unknown }
      expect(event.exception.values.at(-1)).toMatchObject({ type: 'Error', value: 'boom for sentry' })
      expect(event.tags.requestId).toBe('req-eeeeeeee')
      expect(event.contexts.wheelhouse).toEqual({ path: '/checkout', method: 'POST' })
      expect(event.request).toBeUndefined()
      expect(event.user).toBeUndefined()
    } finally {
      await new Promise((resolve) => ingest.close(resolve))
    }
  })
})
