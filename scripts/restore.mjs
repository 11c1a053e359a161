#!/usr/bin/env node
// `npm run restore -- ARCHIVE [--data DIR] [--database-url URL] [--identity FILE]`: restores a backup of `npm run
// backup` (decrypted with the age identity in FILE, else BACKUP_IDENTITY_FILE, else ./backup-identity.txt) into an
// empty data folder (DIR, else DATA_DIR, else ./data) and an empty database: for PostgreSQL URL, else DATABASE_URL;
// for SQLite URL, else wheelhouse.db in DIR (with --data), else DATABASE_URL's file. Every checksum is checked first; a target that holds anything is refused and left as it was.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { BackupError, restoreShop } from './backup-archive.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// Paths on the command line are the caller's: npm runs scripts in the project folder and says where it was called from.
const userCwd = process.env.INIT_CWD || process.cwd()
const USAGE = 'usage: npm run restore -- ARCHIVE [--data DIR] [--database-url URL] [--identity FILE]'

export function parseArgs(argv) {
  const options = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--data' && argv[i + 1]) options.data = argv[++i]
    else if (arg === '--database-url' && argv[i + 1]) options.databaseUrl = argv[++i]
    else if (arg === '--identity' && argv[i + 1]) options.identity = argv[++i]
    else if (!arg.startsWith('--') && !options.archive) options.archive = arg
    else throw new BackupError(`unknown or incomplete option ${arg}: ${USAGE}`)
  }
  if (!options.archive) throw new BackupError(`which archive? ${USAGE}`)
  return options
}

async function main() {
  const options = parseArgs(process.argv.slice(2))
  const { dataDirOf, parseDatabaseUrl } = await tsImport('../src/config/env.ts', import.meta.url)
  const dataDir = options.data ? path.resolve(userCwd, options.data) : dataDirOf(process.env.DATA_DIR)
  // With --data, an SQLite database is restored into that folder (self-contained), never onto DATABASE_URL's file.
  const fromEnv = options.data && !/^postgres(ql)?:/i.test(process.env.DATABASE_URL ?? '') ? undefined : process.env.DATABASE_URL
  const database = parseDatabaseUrl(options.databaseUrl ?? fromEnv, process.cwd(), dataDir)
  const identityFile = options.identity ? path.resolve(userCwd, options.identity) : path.resolve(process.env.BACKUP_IDENTITY_FILE?.trim() || 'backup-identity.txt')
  const { manifest, sqliteFile } = await restoreShop({ archive: path.resolve(userCwd, options.archive), dataDir, databaseUrl: database.url, identityFile })
  console.info(`wheelhouse: restored the backup of ${manifest.createdAt} (${manifest.files.length} files, every checksum matched)`)
  console.info(`  database: ${sqliteFile ?? database.url.replace(/\/\/[^@/]*@/, '//…@')}`)
  console.info(`  media and secrets: ${dataDir}`)
  const env = [`DATA_DIR=${dataDir}`, ...(options.databaseUrl ? ['DATABASE_URL=…'] : [])]
  console.info(`  start the shop on it with ${env.join(' ')} (and no MEDIA_DIR)`)
  if (manifest.secretsFromEnvironment.length) {
    console.warn(`  the backed-up shop took ${manifest.secretsFromEnvironment.join(', ')} from its environment: set the same values, or signed links and sessions stop working`)
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(root)
  main().catch((error) => {
    console.error(`wheelhouse: restore failed: ${error instanceof BackupError || error?.name === 'EnvError' ? error.message : error?.stack ?? error}`)
    process.exit(1)
  })
}
