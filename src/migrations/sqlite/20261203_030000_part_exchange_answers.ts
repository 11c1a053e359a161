import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Value my bike everywhere: the customer's answers about the bike (service history, keys, V5C, damage) are kept with
// the valuation, and the inspection records the reason for an adjustment and who confirmed the figure when.
const COLUMNS = [
  ['answers_full_service_history', 'integer'],
  ['answers_keys', 'numeric'],
  ['answers_logbook_present', 'integer'],
  ['answers_damage', 'integer'],
  ['answers_damage_description', 'text'],
  ['inspection_adjustment_reason', 'text'],
  ['inspection_inspected_by', 'text'],
  ['inspection_inspected_at', 'text'],
] as const

export async function up({ db }: MigrateUpArgs): Promise<void> {
  for (const [name, type] of COLUMNS) await db.run(sql.raw(`ALTER TABLE \`part_exchange_valuations\` ADD \`${name}\` ${type};`))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) await db.run(sql.raw(`ALTER TABLE \`part_exchange_valuations\` DROP COLUMN \`${name}\`;`))
}
