import { describe, expect, it } from 'vitest'
import { EnvError, parseDatabaseUrl, parseEnv } from './env'

describe('parseDatabaseUrl', () => {
  it('defaults to an SQLite file under ./data', () => {
    expect(parseDatabaseUrl(undefined, '/srv/shop')).toEqual({ kind: 'sqlite', url: 'file:/srv/shop/data/wheelhouse.db' })
    expect(parseDatabaseUrl('  ', '/srv/shop').kind).toBe('sqlite')
  })
  it('recognises PostgreSQL URLs', () => {
    expect(parseDatabaseUrl('postgres://u@h:5432/db')).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' })
    expect(parseDatabaseUrl('postgresql://u@h/db').kind).toBe('postgres')
  })
  it('resolves relative SQLite file URLs against the working directory', () => {
    expect(parseDatabaseUrl('file:./data/e2e.db', '/srv/shop').url).toBe('file:/srv/shop/data/e2e.db')
  })
  it('refuses other schemes with a one-line message naming the variable', () => {
    expect(() => parseDatabaseUrl('mysql://x')).toThrow(EnvError)
    expect(() => parseDatabaseUrl('mysql://x')).toThrow(/^DATABASE_URL must be .*"mysql:…"/)
    try {
      parseDatabaseUrl('mysql://x')
    } catch (e) {
      expect((e as Error).message).not.toContain('\n')
    }
  })
})

describe('parseEnv', () => {
  it('applies defaults', () => {
    const env = parseEnv({}, '/srv/shop')
    expect(env.PORT).toBe(3000)
    expect(env.database.kind).toBe('sqlite')
    expect(env.mediaDir).toBe('/srv/shop/data/media')
    expect(env.TRUST_PROXY).toEqual([])
  })
  it('moves the SQLite file, media and outbox with DATA_DIR (a restored backup), unless each is set', () => {
    const env = parseEnv({ DATA_DIR: 'restored' }, '/srv/shop')
    expect(env).toMatchObject({ dataDir: '/srv/shop/restored', mediaDir: '/srv/shop/restored/media', outboxDir: '/srv/shop/restored/outbox' })
    expect(env.database.url).toBe('file:/srv/shop/restored/wheelhouse.db')
    expect(parseEnv({ DATA_DIR: '/d', MEDIA_DIR: '/m', DATABASE_URL: 'file:/x.db' }, '/srv/shop')).toMatchObject({ dataDir: '/d', mediaDir: '/m', database: { url: 'file:/x.db' } })
  })
  it('reads the backup schedule: off by default, seven archives kept in ./backups', () => {
    expect(parseEnv({}, '/srv/shop')).toMatchObject({ BACKUP_EVERY_HOURS: 0, BACKUP_KEEP: 7, backupDir: '/srv/shop/backups' })
    expect(parseEnv({ BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '14', BACKUP_DIR: '/var/backups/shop' }, '/srv/shop')).toMatchObject({ BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 14, backupDir: '/var/backups/shop' })
    expect(() => parseEnv({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be at least 1/)
  })
  it('derives SITE_URL from HOST and PORT when it is not set, so sign-in cookies match the address served', () => {
    expect(parseEnv({}, '/srv/shop')).toMatchObject({ SITE_URL: 'http://localhost:3000', siteUrlDerived: true })
    expect(parseEnv({ PORT: '4123' }).SITE_URL).toBe('http://localhost:4123')
    expect(parseEnv({ PORT: '4123', HOST: '127.0.0.1' }).SITE_URL).toBe('http://127.0.0.1:4123')
    expect(parseEnv({ PORT: '4123', HOST: '::1' }).SITE_URL).toBe('http://[::1]:4123')
    expect(parseEnv({ PORT: '4123', SITE_URL: 'https://shop.example.co.uk' })).toMatchObject({ SITE_URL: 'https://shop.example.co.uk', siteUrlDerived: false })
  })
  it('names each bad variable', () => {
    const run = () => parseEnv({ PORT: 'abc', SITE_URL: 'nope', PAYLOAD_SECRET: 'short' })
    expect(run).toThrow(/PORT must be a port number/)
    expect(run).toThrow(/SITE_URL must be an absolute URL/)
    expect(run).toThrow(/PAYLOAD_SECRET must be at least 32 characters/)
  })

  it('reads the PostgreSQL pool size and the Tag Manager id, refusing nonsense', () => {
    const defaults = parseEnv({}, '/srv/shop')
    expect(defaults.DATABASE_POOL_MAX).toBe(10)
    expect(defaults.GTM_ID).toBeUndefined()
    expect(parseEnv({ DATABASE_POOL_MAX: '25', GTM_ID: 'GTM-AB12CD' }, '/srv/shop')).toMatchObject({ DATABASE_POOL_MAX: 25, GTM_ID: 'GTM-AB12CD' })
    expect(() => parseEnv({ DATABASE_POOL_MAX: '0' }, '/srv/shop')).toThrow(/DATABASE_POOL_MAX must be at least 1/)
    expect(() => parseEnv({ GTM_ID: '<script>' }, '/srv/shop')).toThrow(/GTM_ID must be a Tag Manager container id/)
  })
})
