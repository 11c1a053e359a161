import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Value my bike everywhere: the customer's answers about the bike (service history, keys, V5C, damage) are kept with
// the valuation, and the inspection records the reason for an adjustment and who confirmed the figure when.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "part_exchange_valuations" ADD COLUMN "answers_full_service_history" boolean;
  ALTER TABLE "part_exchange_valuations" ADD COLUMN "answers_keys" numeric;
  ALTER TABLE "part_exchange_valuations" ADD COLUMN "answers_logbook_present" boolean;
  ALTER TABLE "part_exchange_valuations" ADD COLUMN "answers_damage" boolean;
  ALTER TABLE "part_exchange_valuations" ADD COLUMN "answers_damage_description" varchar;
  ALTER TABLE "part_exchange_valuations" ADD COLUMN "inspection_adjustment_reason" varchar;
  ALTER TABLE "part_exchange_valuations" ADD COLUMN "inspection_inspected_by" varchar;
  ALTER TABLE "part_exchange_valuations" ADD COLUMN "inspection_inspected_at" timestamp(3) with time zone;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "part_exchange_valuations" DROP COLUMN "inspection_inspected_at";
  ALTER TABLE "part_exchange_valuations" DROP COLUMN "inspection_inspected_by";
  ALTER TABLE "part_exchange_valuations" DROP COLUMN "inspection_adjustment_reason";
  ALTER TABLE "part_exchange_valuations" DROP COLUMN "answers_damage_description";
  ALTER TABLE "part_exchange_valuations" DROP COLUMN "answers_damage";
  ALTER TABLE "part_exchange_valuations" DROP COLUMN "answers_logbook_present";
  ALTER TABLE "part_exchange_valuations" DROP COLUMN "answers_keys";
  ALTER TABLE "part_exchange_valuations" DROP COLUMN "answers_full_service_history";`)
}
