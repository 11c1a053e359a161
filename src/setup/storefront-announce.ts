// The storefront bus for a process that is not a running shop (the command line's catalogue import). server.mjs puts
// the bus on globalThis for its own process only (ADR 008), so a change written from the command line reached no
// instance: the running shops' listings, search vocabulary and caches learnt of it only when their copies aged. Here
// the change is announced as an instance announces one: on the shop's Redis channel when REDIS_URL is set (every
// instance applies it), otherwise to the shop on this machine through its signed internal endpoint (ADR 073).
import { createHmac } from 'node:crypto'
import type { StorefrontChange } from '../config/storefront-change'
import { storefrontChannel } from '../config/storefront-channel.mjs'

export interface Announcer {
  publish(change: StorefrontChange, options: { nextDone: boolean }): void
  /** Waits for every announcement sent so far (the command ends only after them). */
  flush(): Promise<void>
}

type Send = (message: string, change: StorefrontChange) => Promise<void>

/** Announces through `send`, each change once, in order; a failure is reported, never thrown. */
export function announcer(send: Send, onError: (error: unknown) => void = () => undefined): Announcer {
  let last: Promise<void> = Promise.resolve()
  return {
    publish(change) {
      const message = JSON.stringify({ from: 'command-line', change })
      last = last.then(() => send(message, change)).catch(onError)
    },
    flush: () => last,
  }
}

/** Through Redis: the same channel and message as server.mjs, so every instance applies it as another instance's change. */
export async function redisSender(url: string, env: Record<string, string | undefined> = process.env): Promise<{ send: Send; close: () => Promise<void> }> {
  const { Redis } = await import('ioredis')
  const client = new Redis(url, { maxRetriesPerRequest: 2 })
  const channel = storefrontChannel(env)
  return {
    send: async (message) => {
      await client.publish(channel, message)
    },
    close: async () => {
      await client.quit()
    },
  }
}

/** Without Redis: the shop at `origin` applies the change through its internal endpoint, signed with the Payload secret. */
export function httpSender(origin: string, secret: string): Send {
  return async (_message, change) => {
    const body = JSON.stringify(change)
    const response = await fetch(`${origin}/api/internal/revalidate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Wheelhouse-Signature': createHmac('sha256', secret).update(body).digest('hex') },
      body,
      signal: AbortSignal.timeout(10_000),
    })
    await response.body?.cancel()
    if (!response.ok) throw new Error(`the shop at ${origin} answered ${response.status}`)
  }
}

const BUS = '__wheelhouseStorefrontBus'

/**
 * Puts an announcer on globalThis as this process's storefront bus (revalidate-storefront.ts publishes on it), unless
 * a server already did; answers it, or null when the process has a bus of its own.
 */
export async function installAnnouncer(secret: string, log: (message: string) => void, env: Record<string, string | undefined> = process.env): Promise<(Announcer & { close: () => Promise<void> }) | null> {
  const holder = globalThis as { [BUS]?: unknown }
  if (holder[BUS]) return null
  const onError = (error: unknown) => log(`the running shop was not told of the change: ${String(error)}`)
  if (env.REDIS_URL) {
    const redis = await redisSender(env.REDIS_URL, env)
    const bus = { ...announcer(redis.send, onError), close: redis.close }
    holder[BUS] = bus
    return bus
  }
  const origin = `http://127.0.0.1:${env.PORT || '3000'}`
  const bus = { ...announcer(httpSender(origin, secret), onError), close: async () => undefined }
  holder[BUS] = bus
  return bus
}
