// The Redis channel on which a shop's instances announce storefront changes (ADR 008): one namespace per database
// by default, so the instances of one shop share it and two shops (or test runs) sharing a Redis never do. Read by
// server.mjs and by the command line (src/setup/storefront-announce.ts), which must name the same channel.
import { createHash } from 'node:crypto'

/**
 * The namespace of this shop's keys and channels in Redis.
 * @param {Record<string, string | undefined>} [env]
 */
export function redisPrefix(env = process.env) {
  return env.REDIS_PREFIX || `wheelhouse:${createHash('sha256').update(env.DATABASE_URL || 'sqlite').digest('hex').slice(0, 12)}`
}

/**
 * The storefront bus's channel.
 * @param {Record<string, string | undefined>} [env]
 */
export function storefrontChannel(env = process.env) {
  return `${redisPrefix(env)}:storefront`
}
