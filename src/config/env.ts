// The server's environment, validated once with zod; nothing here may reach the browser.
import path from 'node:path'
import { z } from '../lib/zod'
import { proxyTrust } from '../lib/http/forwarded.mjs'

export type DatabaseKind = 'sqlite' | 'postgres'

export interface ParsedDatabase {
  kind: DatabaseKind
  /** libsql file URL for SQLite, connection string for PostgreSQL */
  url: string
}

/**
 * The folder of the shop's own state: the SQLite file, uploaded media, the email outbox and the generated secrets
 * (data/secrets.json). DATA_DIR moves all of them at once, e.g. to a folder restored from a backup; default ./data.
 */
export function dataDirOf(raw: string | undefined, cwd = process.cwd()): string {
  const value = raw?.trim()
  return value ? path.resolve(cwd, value) : path.join(cwd, 'data')
}

/** Reads DATABASE_URL: unset means an SQLite file in the data folder, postgres:// means PostgreSQL, file: an explicit SQLite file. */
export function parseDatabaseUrl(raw: string | undefined, cwd = process.cwd(), dataDir = dataDirOf(undefined, cwd)): ParsedDatabase {
  const value = raw?.trim()
  if (!value) return { kind: 'sqlite', url: `file:${path.join(dataDir, 'wheelhouse.db')}` }
  if (/^postgres(ql)?:\/\//i.test(value)) return { kind: 'postgres', url: value }
  if (/^file:/i.test(value)) {
    const file = value.slice('file:'.length)
    return { kind: 'sqlite', url: `file:${path.isAbsolute(file) ? file : path.join(cwd, file)}` }
  }
  const scheme = value.includes(':') ? value.slice(0, value.indexOf(':')) : value.slice(0, 20)
  throw new EnvError(
    `DATABASE_URL must be a postgres:// URL, a file: path for SQLite, or unset for the default SQLite file (got "${scheme}:…")`,
  )
}

export class EnvError extends Error {
  override name = 'EnvError'
}

const optionalSecret = z
  .string()
  .trim()
  .min(32, 'must be at least 32 characters')
  .optional()
  .or(z.literal('').transform(() => undefined))

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().optional(),
  PAYLOAD_SECRET: optionalSecret,
  PORT: z.coerce.number({ message: 'must be a port number' }).int('must be a port number').min(1, 'must be a port number').max(65535, 'must be a port number').default(3000),
  // Unset: the loopback interface (server.mjs), reached through the proxy in front (ADR 036).
  HOST: z.string().trim().default(''),
  // PostgreSQL connections per app instance.
  DATABASE_POOL_MAX: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(500, 'must be at most 500').default(10),
  // Google Tag Manager container, loaded only after the customer consents to analytics.
  GTM_ID: z.string().trim().regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a Tag Manager container id such as GTM-ABC1234').optional().or(z.literal('').transform(() => undefined)),
  // Unset: derived from HOST and PORT (siteUrlDefault), so changing PORT alone keeps sign-in working.
  SITE_URL: z.url({ message: 'must be an absolute URL such as https://shop.example.co.uk' }).optional().or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().trim().min(1).optional(),
  MEDIA_DIR: z.string().trim().min(1).optional(),
  // sharp's effort for the AVIF sizes made at upload (0 fastest, 9 smallest files). The test suites set 0: they seed the
  // demo shop's seventy pictures dozens of times a run, and the AVIF sizes were half of that work.
  MEDIA_AVIF_EFFORT: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 to 9').max(9, 'must be 0 to 9').default(3),
  // The demo seed's pictures: `each` product its own (a demo shop as it should look) or `shared`, one per kind of
  // drawing, for throwaway databases seeded in seconds rather than minutes (the crash tests).
  SEED_PICTURES: z.enum(['each', 'shared'], { message: 'must be each or shared' }).default('each'),
  ADMIN_EMAIL: z.email({ message: 'must be an email address' }).default('admin@wheelhouse.local'),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional().or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Card payments: the built-in test gateway unless STRIPE_SECRET_KEY is set (then Stripe).
  STRIPE_SECRET_KEY: z.string().trim().regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional().or(z.literal('').transform(() => undefined)),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_test_…)').optional().or(z.literal('').transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z.string().trim().startsWith('whsec_', 'must be a Stripe webhook signing secret (whsec_…)').optional().or(z.literal('').transform(() => undefined)),
  /** Only for tests: points the Stripe SDK at a local fake, e.g. http://127.0.0.1:12111 */
  STRIPE_API_BASE: z.url({ message: 'must be a URL' }).optional().or(z.literal('').transform(() => undefined)),
  TEST_GATEWAY_WEBHOOK_SECRET: optionalSecret,
  RESERVATION_TOKEN_SECRET: optionalSecret,
  // Email: a file outbox under data/outbox unless SMTP_URL is set.
  SMTP_URL: z.string().trim().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional().or(z.literal('').transform(() => undefined)),
  EMAIL_FROM: z.string().trim().default('Wheelhouse <shop@wheelhouse.local>'),
  OUTBOX_DIR: z.string().trim().min(1).optional(),
  // Customer API tokens (spec §7 calls 1-3).
  JWT_SECRET: optionalSecret,
  // Finance: quotes from the built-in provider unless FINANCE_QUOTES_URL names another (iVendi).
  FINANCE_QUOTES_URL: z.url({ message: 'must be a URL such as https://quoteware.ivendi.com/quotes' }).optional().or(z.literal('').transform(() => undefined)),
  IVENDI_USERNAME: z.string().trim().optional(),
  IVENDI_QUOTEE_UID: z.string().trim().optional(),
  IVENDI_CF_MOTO_QUOTEE_UID: z.string().trim().optional(),
  // Part-exchange valuations: the built-in estimate unless VALUATION_URL names a valuation provider.
  VALUATION_URL: z.url({ message: 'must be a URL such as https://valuations.example/v1/trade' }).optional().or(z.literal('').transform(() => undefined)),
  VALUATION_API_KEY: z.string().trim().optional(),
  // Vehicle data for used bikes (ADR 060): the built-in demo registrations unless DVLA_VES_API_KEY is set (the DVLA
  // Vehicle Enquiry Service) and MOT_HISTORY_API_KEY with its OAuth client (the DVSA MOT history API).
  DVLA_VES_API_KEY: z.string().trim().optional().or(z.literal('').transform(() => undefined)),
  DVLA_VES_URL: z.url({ message: 'must be a URL such as https://driver-vehicle-licensing.api.gov.uk/vehicle-enquiry/v1/vehicles' }).optional().or(z.literal('').transform(() => undefined)),
  MOT_HISTORY_API_KEY: z.string().trim().optional().or(z.literal('').transform(() => undefined)),
  MOT_HISTORY_CLIENT_ID: z.string().trim().optional(),
  MOT_HISTORY_CLIENT_SECRET: z.string().trim().optional(),
  MOT_HISTORY_TOKEN_URL: z.url({ message: 'must be the OAuth token URL DVSA gave, https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token' }).optional().or(z.literal('').transform(() => undefined)),
  MOT_HISTORY_URL: z.url({ message: 'must be a URL such as https://history.mot.api.gov.uk' }).optional().or(z.literal('').transform(() => undefined)),
  FINANCE_SERVICE_USERNAME: z.string().trim().min(1).default('wheelhouse-storefront'),
  FINANCE_SERVICE_PASSWORD: optionalSecret,
  // Scheduled backups (docs/decisions/026): every BACKUP_EVERY_HOURS hours (0: never) the background runner writes an
  // archive to BACKUP_DIR (default ./backups) and keeps the newest BACKUP_KEEP of them.
  BACKUP_EVERY_HOURS: z.coerce.number({ message: 'must be a number of hours' }).min(0, 'must be 0 (off) or more').max(24 * 31, 'must be at most 744').default(0),
  BACKUP_DIR: z.string().trim().min(1).optional(),
  BACKUP_KEEP: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(7),
  // Archives are encrypted with age (docs/decisions/037) to BACKUP_RECIPIENT, the dealer's public key; unset, to a key
  // made once into BACKUP_IDENTITY_FILE (default ./backup-identity.txt), which must then be kept off the machine too.
  BACKUP_RECIPIENT: z.string().trim().regex(/^age1[02-9ac-hj-np-z]{58}$/, 'must be an age public key (age1…, from age-keygen)').optional().or(z.literal('').transform(() => undefined)),
  BACKUP_IDENTITY_FILE: z.string().trim().min(1).optional(),
  // The time of day (HH:MM, the server's time zone) scheduled backups run at, once a day; BACKUP_EVERY_HOURS is ignored.
  BACKUP_AT: z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM (24-hour)').optional().or(z.literal('').transform(() => undefined)),
  // A shell command run after each backup with the archive's path in $ARCHIVE, to copy it off the machine
  // (rclone, scp, aws s3 cp …); its failure fails the backup job.
  BACKUP_COPY_COMMAND: z.string().trim().optional().or(z.literal('').transform(() => undefined)),
  // Which peers may report the client's address and scheme (src/lib/http/forwarded.mjs, ADR 036).
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx) => {
      try {
        return proxyTrust(value)?.list ?? []
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message.replace(/^TRUST_PROXY /, '') : String(error) })
        return z.NEVER
      }
    }),
})

/**
 * The address the shop expects when SITE_URL is unset: http on HOST and PORT, with localhost for a wildcard
 * interface. Session cookies are bound to this origin (CSRF check, cookie security), so a default that ignored
 * PORT made sign-in fail silently on any other port.
 */
export function siteUrlDefault(host: string, port: number): string {
  const wildcard = host === '' || host === '0.0.0.0' || host === '::' || host === '[::]'
  const name = wildcard ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  return `http://${name}:${port}`
}

export type ServerEnv = Omit<z.infer<typeof schema>, 'DATABASE_URL' | 'OUTBOX_DIR' | 'SITE_URL' | 'DATA_DIR' | 'BACKUP_DIR'> & {
  SITE_URL: string
  /** true when SITE_URL was derived from HOST and PORT rather than set */
  siteUrlDerived: boolean
  database: ParsedDatabase
  dataDir: string
  mediaDir: string
  outboxDir: string
  /** where scheduled backups are written */
  backupDir: string
  /** the age identity file archives are encrypted for when BACKUP_RECIPIENT is unset, and restored with */
  backupIdentityFile: string
}

/** Validates an environment; throws EnvError with one line per problem, each naming the variable. */
export function parseEnv(source: Record<string, string | undefined>, cwd = process.cwd()): ServerEnv {
  const result = schema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`)
    throw new EnvError(lines.join('; '))
  }
  // The MOT history API answers only with an OAuth token: a key without its client would fail every lookup.
  const mot = result.data
  if (mot.MOT_HISTORY_API_KEY && !(mot.MOT_HISTORY_CLIENT_ID && mot.MOT_HISTORY_CLIENT_SECRET && mot.MOT_HISTORY_TOKEN_URL)) {
    throw new EnvError('MOT_HISTORY_API_KEY needs MOT_HISTORY_CLIENT_ID, MOT_HISTORY_CLIENT_SECRET and MOT_HISTORY_TOKEN_URL (the OAuth client DVSA issued with the key)')
  }
  const { DATABASE_URL, DATA_DIR, MEDIA_DIR, OUTBOX_DIR, SITE_URL, BACKUP_DIR, BACKUP_IDENTITY_FILE, ...rest } = result.data
  const dataDir = dataDirOf(DATA_DIR, cwd)
  const database = parseDatabaseUrl(DATABASE_URL, cwd, dataDir)
  const mediaDir = MEDIA_DIR ? path.resolve(cwd, MEDIA_DIR) : path.join(dataDir, 'media')
  const outboxDir = OUTBOX_DIR ? path.resolve(cwd, OUTBOX_DIR) : path.join(dataDir, 'outbox')
  const backupDir = BACKUP_DIR ? path.resolve(cwd, BACKUP_DIR) : path.join(cwd, 'backups')
  const backupIdentityFile = BACKUP_IDENTITY_FILE ? path.resolve(cwd, BACKUP_IDENTITY_FILE) : path.join(cwd, 'backup-identity.txt')
  return { ...rest, SITE_URL: SITE_URL ?? siteUrlDefault(rest.HOST, rest.PORT), siteUrlDerived: SITE_URL === undefined, database, dataDir, mediaDir, outboxDir, backupDir, backupIdentityFile }
}

let cached: ServerEnv | undefined

/** The process's validated environment (parsed on first use). */
export function env(): ServerEnv {
  cached ??= parseEnv(process.env)
  return cached
}
