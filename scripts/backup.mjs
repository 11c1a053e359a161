#!/usr/bin/env node
// `npm run backup [-- --out DIR] [--keep N]`: one dated archive of the running shop (database, media, secrets),
// encrypted with age (BACKUP_RECIPIENT, else the key in BACKUP_IDENTITY_FILE), in DIR (default BACKUP_DIR, else
// ./backups); with --keep, only the newest N archives there are kept; with BACKUP_COPY_COMMAND, the archive is then
// copied off the machine. Safe while the shop serves and writes (scripts/backup-archive.mjs). Prints the archive's
// path on the last line.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { BackupError, backupRecipient, backupShop, pruneBackups } from './backup-archive.mjs'

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
  const { recipient, generated } = await backupRecipient({ recipient: settings.BACKUP_RECIPIENT, identityFile: settings.backupIdentityFile })
  if (generated) console.warn(`wheelhouse: made a backup key in ${settings.backupIdentityFile}: copy it off this machine (a password manager, a safe); without it no archive can be restored. In production set BACKUP_RECIPIENT to your own age public key instead.`)
  const archive = await backupShop({ settings, outDir, recipient })
  console.info(`wheelhouse: backed up the ${settings.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database, media and secrets in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (options.keep) {
    const removed = pruneBackups(outDir, options.keep)
    if (removed.length) console.info(`wheelhouse: removed ${removed.length} older backup(s), keeping ${options.keep}`)
  }
  if (settings.BACKUP_COPY_COMMAND) await copyOffMachine(settings.BACKUP_COPY_COMMAND, archive)
  console.info(archive)
}

/** Runs the operator's copy command with the archive's path in $ARCHIVE; a failure fails the backup. */
function copyOffMachine(command, archive) {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { env: { ...process.env, ARCHIVE: archive }, stdio: ['ignore', 'inherit', 'inherit'] })
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? (console.info(`wheelhouse: copied ${path.basename(archive)} off the machine`), resolve()) : reject(new BackupError(`BACKUP_COPY_COMMAND failed (exit ${code}); the archive is kept in ${path.dirname(archive)}`))))
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(root)
  main().catch((error) => {
    console.error(`wheelhouse: backup failed: ${error instanceof BackupError || error?.name === 'EnvError' ? error.message : error?.stack ?? error}`)
    process.exit(1)
  })
}
