#!/usr/bin/env bash
# Creates a migration for both databases from the current Payload schema: npm run migrate:create -- <name>
# SQLite and PostgreSQL need their own SQL, so every schema change lands as a pair.
# The Payload CLI sometimes exits 0 without running (payloadcms/payload#17757), so each side is
# retried until its migration file really appears.
set -euo pipefail
name="${1:?usage: npm run migrate:create -- <name>}"
pg_url="${MIGRATION_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
create() {
  local dir="$1" url="$2" before after
  before=$(ls "src/migrations/$dir" | wc -l)
  for attempt in 1 2 3 4 5; do
    DATABASE_URL="$url" npx payload migrate:create "$name" >/dev/null 2>&1 || true
    after=$(ls "src/migrations/$dir" | wc -l)
    if [ "$after" -gt "$before" ]; then echo "created $dir migration (attempt $attempt)"; return 0; fi
  done
  echo "could not create the $dir migration" >&2
  return 1
}
create sqlite "file:./data/migration-scratch.db"
create postgres "$pg_url"
rm -f data/migration-scratch.db*
