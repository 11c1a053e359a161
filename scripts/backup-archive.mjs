// Backup and restore of one shop (docs/decisions/026, 037): the database, the media folder and the generated secrets,
// in one dated tar.gz with a manifest of SHA-256 checksums, encrypted with age to the dealer's public key, so an
// archive copied off the machine (or taken from it) holds nothing readable without the private key, which is never in
// it. Used by `npm run backup`, `npm run restore` and the
// scheduled backup job (src/setup/jobs/tasks.ts runs scripts/backup.mjs).
//
// The database is copied online, safe while the shop keeps writing:
// - SQLite: `VACUUM INTO` on a connection of its own reads one consistent snapshot (a plain copy of a WAL
//   database can miss or tear the last writes);
// - PostgreSQL: `pg_dump --format=custom`, one repeatable-read snapshot; `pg_restore` puts it back.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createClient } from '@libsql/client'
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption'
import pg from 'pg'

export const FORMAT = 'wheelhouse-backup'
export const FORMAT_VERSION = 1
const MANIFEST = 'manifest.json'
const ARCHIVE = /^wheelhouse-backup-(\d{8}-\d{6})Z\.tar\.gz(\.age)?$/
/** An age X25519 public key (a recipient) and its private half (an identity), as age-keygen writes them. */
export const RECIPIENT = /^age1[02-9ac-hj-np-z]{58}$/
const IDENTITY = /^AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{58}$/
/** Secrets the shop reads from the environment before data/secrets.json (src/config/env.ts). */
export const ENV_SECRETS = ['PAYLOAD_SECRET', 'JWT_SECRET', 'TEST_GATEWAY_WEBHOOK_SECRET', 'FINANCE_SERVICE_PASSWORD', 'RESERVATION_TOKEN_SECRET']

export class BackupError extends Error {
  name = 'BackupError'
}

/** `wheelhouse-backup-20261126-143000Z.tar.gz.age`: sorts by time, and says when it was taken (UTC). */
export function archiveName(now = new Date()) {
  const stamp = now.toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '-')
  return `wheelhouse-backup-${stamp}Z.tar.gz.age`
}

/** The identity (private key) in an age identity file: its one `AGE-SECRET-KEY-1…` line; comments are skipped. */
export function readIdentity(file) {
  let text
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    throw new BackupError(`cannot read the backup key ${file}: give the age identity file the archive was made for (--identity FILE or BACKUP_IDENTITY_FILE)`)
  }
  const line = text.split('\n').map((l) => l.trim()).find((l) => IDENTITY.test(l))
  if (!line) throw new BackupError(`${file} holds no age identity (a line AGE-SECRET-KEY-1…)`)
  return line
}

/**
 * Whom archives are encrypted to: BACKUP_RECIPIENT (the dealer's public key; its private half stays off this machine),
 * else the public half of the identity file, made on first use for a shop that set no key (`generated` says so, so
 * the caller can tell the operator to keep a copy of it elsewhere).
 */
export async function backupRecipient({ recipient, identityFile }) {
  if (recipient) {
    if (!RECIPIENT.test(recipient)) throw new BackupError('BACKUP_RECIPIENT must be an age public key (age1…, from age-keygen)')
    return { recipient, generated: false }
  }
  let generated = false
  if (!fs.existsSync(identityFile)) {
    const identity = await generateX25519Identity()
    fs.mkdirSync(path.dirname(identityFile), { recursive: true, mode: 0o700 })
    fs.writeFileSync(identityFile, `# Wheelhouse backup key, made ${new Date().toISOString()}: restores every archive encrypted to\n# ${await identityToRecipient(identity)}\n# Keep a copy off this machine; without it no archive can be restored.\n${identity}\n`, { mode: 0o600, flag: 'wx' })
    generated = true
  }
  return { recipient: await identityToRecipient(readIdentity(identityFile)), generated }
}

/** The archives `keep` leaves too many of in `dir`, oldest first; other files are never touched. */
export function archivesToPrune(names, keep) {
  const archives = names.filter((n) => ARCHIVE.test(n)).sort()
  return archives.slice(0, Math.max(0, archives.length - keep))
}

export function pruneBackups(dir, keep) {
  const removed = archivesToPrune(fs.existsSync(dir) ? fs.readdirSync(dir) : [], keep)
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true })
  return removed
}

export function sqliteFileOf(url) {
  return decodeURIComponent(url.replace(/^file:/i, '').split('?')[0])
}

function run(command, args, { env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)))
    child.on('error', (error) =>
      reject(new BackupError(error.code === 'ENOENT' ? `${command} is not installed (Debian: apt-get install ${command.startsWith('pg_') ? 'postgresql-client' : command})` : String(error))),
    )
    child.on('close', (code, signal) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (${code ?? signal}): ${stderr.trim()}`))))
  })
}

export function sha256File(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    fs.createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
  })
}

/** Every regular file under `dir`, as paths relative to it with forward slashes, sorted. */
export function listFiles(dir, prefix = '') {
  const out = []
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) out.push(...listFiles(dir, rel))
    else if (entry.isFile()) out.push(rel)
  }
  return out.sort()
}

/**
 * The media folder as it is now, for the archive: hard links where the staging folder is on the same file system (no
 * second copy of a large folder; Payload never rewrites an upload in place, it writes new files), else copies.
 */
export function stageMedia(from, to) {
  fs.mkdirSync(to, { recursive: true })
  if (!fs.existsSync(from)) return
  for (const rel of listFiles(from)) {
    const source = path.join(from, rel)
    const target = path.join(to, rel)
    fs.mkdirSync(path.dirname(target), { recursive: true })
    try {
      fs.linkSync(source, target)
    } catch (error) {
      if (error.code === 'ENOENT') continue // deleted meanwhile
      fs.copyFileSync(source, target)
    }
  }
}

async function dumpSqlite(url, outFile) {
  const source = sqliteFileOf(url)
  if (!fs.existsSync(source)) throw new BackupError(`the SQLite database ${source} does not exist`)
  const client = createClient({ url: `file:${source}` })
  try {
    await client.execute('PRAGMA busy_timeout = 10000')
    await client.execute({ sql: 'VACUUM INTO ?', args: [outFile] })
  } finally {
    client.close()
  }
  const copy = createClient({ url: `file:${outFile}` })
  try {
    const { rows } = await copy.execute('PRAGMA quick_check')
    if (rows[0]?.[0] !== 'ok') throw new BackupError(`the database copy failed its check: ${JSON.stringify(rows[0])}`)
  } finally {
    copy.close()
  }
}

/**
 * Writes one archive of the shop described by `settings` (parseEnv of src/config/env.ts) into `outDir`;
 * answers its path. `environment` is read only for the names of the secrets it sets (never their values).
 */
export async function backupShop({ settings, outDir, recipient, now = new Date(), environment = process.env }) {
  if (!RECIPIENT.test(recipient ?? '')) throw new BackupError('no age recipient to encrypt the archive to')
  fs.mkdirSync(outDir, { recursive: true, mode: 0o700 })
  const staging = fs.mkdtempSync(path.join(outDir, '.staging-'))
  try {
    const database = settings.database.kind === 'sqlite' ? 'database.sqlite' : 'database.pgdump'
    if (settings.database.kind === 'sqlite') await dumpSqlite(settings.database.url, path.join(staging, database))
    else await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, database)}`, `--dbname=${settings.database.url}`])
    // Media after the database: a picture uploaded meanwhile is an extra file, never a missing one.
    stageMedia(settings.mediaDir, path.join(staging, 'media'))
    const secrets = path.join(settings.dataDir, 'secrets.json')
    if (fs.existsSync(secrets)) fs.copyFileSync(secrets, path.join(staging, 'secrets.json'))
    const files = []
    for (const rel of listFiles(staging)) {
      const file = path.join(staging, rel)
      files.push({ path: rel, bytes: fs.statSync(file).size, sha256: await sha256File(file) })
    }
    const manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: now.toISOString(),
      database: { kind: settings.database.kind, file: database },
      secretsFile: fs.existsSync(secrets),
      // Secrets given in the environment are not in the archive: the restored shop needs the same values.
      secretsFromEnvironment: ENV_SECRETS.filter((name) => environment[name]?.trim()),
      files,
    }
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
    const archive = path.join(outDir, archiveName(now))
    if (fs.existsSync(archive)) throw new BackupError(`${archive} already exists`)
    const partial = `${archive}.partial`
    await encryptTar(staging, partial, recipient)
    fs.renameSync(partial, archive)
    return archive
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

/** `tar -cz` of `dir`, streamed through age to `recipient` into `file` (0600): nothing unencrypted touches the disk. */
async function encryptTar(dir, file, recipient) {
  const tar = spawn('tar', ['-czf', '-', '-C', dir, '.'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  tar.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise((resolve, reject) => {
    tar.on('error', reject)
    tar.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`tar failed (${code}): ${stderr.trim()}`))))
  })
  const encrypter = new Encrypter()
  encrypter.addRecipient(recipient)
  const encrypted = await encrypter.encrypt(/** @type {ReadableStream<Uint8Array>} */ (Readable.toWeb(tar.stdout)))
  await Promise.all([pipeline(Readable.fromWeb(/** @type {import('node:stream/web').ReadableStream<Uint8Array>} */ (encrypted)), fs.createWriteStream(file, { mode: 0o600 })), exited])
}

/** Unpacks `archive` into `dir`: an encrypted one (`.age`) through age with the identity in `identityFile`. */
async function extractArchive(archive, dir, identityFile) {
  if (!archive.endsWith('.age')) return run('tar', ['-xzf', archive, '-C', dir, '--no-same-owner', '--no-same-permissions'])
  const decrypter = new Decrypter()
  decrypter.addIdentity(readIdentity(identityFile))
  let plain
  try {
    plain = await decrypter.decrypt(/** @type {ReadableStream<Uint8Array>} */ (Readable.toWeb(fs.createReadStream(archive))))
  } catch (error) {
    throw new BackupError(`the archive cannot be decrypted with the key in ${identityFile} (${error instanceof Error ? error.message : String(error)}): is it the key it was made for?`)
  }
  const tar = spawn('tar', ['-xzf', '-', '-C', dir, '--no-same-owner', '--no-same-permissions'], { stdio: ['pipe', 'ignore', 'pipe'] })
  let stderr = ''
  tar.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise((resolve, reject) => {
    tar.on('error', reject)
    tar.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`the archive is damaged: tar failed (${code}): ${stderr.trim()}`))))
  })
  try {
    await Promise.all([pipeline(Readable.fromWeb(/** @type {import('node:stream/web').ReadableStream<Uint8Array>} */ (plain)), tar.stdin), exited])
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`the archive is damaged or was not made for this key: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Reads and checks an extracted archive: every file the manifest lists, with its checksum, and nothing else. */
export async function verifyExtracted(dir) {
  let manifest
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8'))
  } catch {
    throw new BackupError('the archive has no readable manifest.json: not a Wheelhouse backup')
  }
  if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION) throw new BackupError(`not a ${FORMAT} version ${FORMAT_VERSION} archive`)
  const listed = new Set(manifest.files.map((f) => f.path))
  const present = listFiles(dir).filter((f) => f !== MANIFEST)
  const extra = present.filter((f) => !listed.has(f))
  if (extra.length) throw new BackupError(`the archive holds files its manifest does not list: ${extra.slice(0, 5).join(', ')}`)
  for (const file of manifest.files) {
    const full = path.join(dir, file.path)
    if (!fs.existsSync(full)) throw new BackupError(`the archive lacks ${file.path}, which its manifest lists`)
    if ((await sha256File(full)) !== file.sha256) throw new BackupError(`checksum mismatch for ${file.path}: the archive is damaged`)
  }
  if (!listed.has(manifest.database.file)) throw new BackupError('the archive holds no database')
  return manifest
}

/** A folder that does not exist, or exists and is empty. */
function isEmptyDir(dir) {
  return !fs.existsSync(dir) || (fs.statSync(dir).isDirectory() && fs.readdirSync(dir).length === 0)
}

export async function postgresIsEmpty(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg_toast%'`,
    )
    const types = await client.query(
      `SELECT count(*)::int AS n FROM pg_type t JOIN pg_namespace s ON s.oid = t.typnamespace WHERE s.nspname = 'public' AND t.typtype = 'e'`,
    )
    return rows[0].n === 0 && types.rows[0].n === 0
  } finally {
    await client.end()
  }
}

/**
 * Restores `archive` into an empty data folder (media, secrets and, for SQLite, the database file) and, for
 * PostgreSQL, an empty database at `databaseUrl`. Refuses any target that holds something; checks every
 * checksum before writing anything. Answers the manifest and where things went.
 */
export async function restoreShop({ archive, dataDir, databaseUrl, identityFile }) {
  if (!fs.existsSync(archive)) throw new BackupError(`no such archive: ${archive}`)
  if (!isEmptyDir(dataDir)) throw new BackupError(`the data folder ${dataDir} is not empty: restore only into an empty or new folder (DATA_DIR or --data)`)
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-restore-'))
  try {
    await extractArchive(archive, staging, identityFile)
    const manifest = await verifyExtracted(staging)
    const kind = manifest.database.kind
    const targetKind = databaseUrl && /^postgres(ql)?:\/\//i.test(databaseUrl) ? 'postgres' : 'sqlite'
    if (kind !== targetKind) throw new BackupError(`the archive holds a ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database, the target is ${targetKind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: restore into the same kind`)
    let sqliteFile
    if (kind === 'sqlite') {
      sqliteFile = databaseUrl ? sqliteFileOf(databaseUrl) : path.join(dataDir, 'wheelhouse.db')
      if (fs.existsSync(sqliteFile)) throw new BackupError(`the database file ${sqliteFile} already exists: restore only into a new file`)
    } else if (!(await postgresIsEmpty(databaseUrl))) {
      throw new BackupError('the target PostgreSQL database is not empty: create a new one (createdb) and restore into that')
    }
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    const extracted = path.join(staging, manifest.database.file)
    if (kind === 'sqlite') {
      fs.mkdirSync(path.dirname(sqliteFile), { recursive: true, mode: 0o700 })
      fs.copyFileSync(extracted, sqliteFile, fs.constants.COPYFILE_EXCL)
      fs.chmodSync(sqliteFile, 0o600)
    } else {
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`, extracted])
    }
    fs.cpSync(path.join(staging, 'media'), path.join(dataDir, 'media'), { recursive: true })
    if (manifest.secretsFile) {
      fs.copyFileSync(path.join(staging, 'secrets.json'), path.join(dataDir, 'secrets.json'))
      fs.chmodSync(path.join(dataDir, 'secrets.json'), 0o600)
    }
    return { manifest, dataDir, sqliteFile }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}
