#!/usr/bin/env node
// `npm run backup [-- --out DIR] [--keep N]`: one dated archive of the running shop (database, media, secrets) in
// DIR (default BACKUP_DIR, else ./backups); with --keep, only the newest N archives there are kept. Safe while the
// shop serves and writes (scripts/backup-archive.mjs). Prints the archive's path on the last line.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { BackupError, backupShop, pruneBackups } from './backup-archive.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// Paths on the command line are the caller's: npm runs scripts in the project folder and says where it was called from.
const userCwd = process.env.INIT_CWD || process.cwd()

export function parseArgs(argv) {
  const options = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--out' && argv[i + 1]) options.out = argv[++i]
    else if (arg === '--keep' && /^\d+$/.test(argv[i + 1] ?? '') && Number(argv[i + 1]) >= 1) options.keep = Number(argv[++i])
    else throw new BackupError(`unknown or incomplete option ${arg}: usage: npm run backup [-- --out DIR] [--keep N]`)
  }
  return options
}

async function main() {
  const { parseEnv } = await tsImport('../src/config/env.ts', import.meta.url)
  const settings = parseEnv(process.env)
  const options = parseArgs(process.argv.slice(2))
  const outDir = options.out ? path.resolve(userCwd, options.out) : settings.backupDir
  const started = Date.now()
  const archive = await backupShop({ settings, outDir })
  console.info(`wheelhouse: backed up the ${settings.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database, media and secrets in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (options.keep) {
    const removed = pruneBackups(outDir, options.keep)
    if (removed.length) console.info(`wheelhouse: removed ${removed.length} older backup(s), keeping ${options.keep}`)
  }
  console.info(archive)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(root)
  main().catch((error) => {
    console.error(`wheelhouse: backup failed: ${error instanceof BackupError || error?.name === 'EnvError' ? error.message : error?.stack ?? error}`)
    process.exit(1)
  })
}
