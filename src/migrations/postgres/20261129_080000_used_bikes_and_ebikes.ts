import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Used bikes a rider can trust and e-bikes by the law (ADR 060, ADR 061): a product's road record from DVLA, its MOT
// history, the history check staff record (outstanding finance, stolen, write-off category S or N) and an e-bike's
// motor power, assisted speed and EAPC verdict, indexed: bicycle listings leave out an e-bike that is a motor vehicle.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TYPE "public"."enum_products_write_off_category" AS ENUM('S', 'N');
  ALTER TABLE "products" ADD COLUMN "used_bike_make" varchar;
  ALTER TABLE "products" ADD COLUMN "used_bike_colour" varchar;
  ALTER TABLE "products" ADD COLUMN "used_bike_fuel_type" varchar;
  ALTER TABLE "products" ADD COLUMN "used_bike_year_of_manufacture" numeric;
  ALTER TABLE "products" ADD COLUMN "used_bike_tax_status" varchar;
  ALTER TABLE "products" ADD COLUMN "used_bike_tax_due_date" timestamp(3) with time zone;
  ALTER TABLE "products" ADD COLUMN "used_bike_mot_status" varchar;
  ALTER TABLE "products" ADD COLUMN "used_bike_mot_expiry_date" timestamp(3) with time zone;
  ALTER TABLE "products" ADD COLUMN "used_bike_looked_up_at" timestamp(3) with time zone;
  ALTER TABLE "products" ADD COLUMN "used_bike_mot_tests" jsonb;
  ALTER TABLE "products" ADD COLUMN "used_bike_mileage_checked" boolean DEFAULT false;
  ALTER TABLE "products" ADD COLUMN "used_bike_history_check_provider" varchar;
  ALTER TABLE "products" ADD COLUMN "used_bike_history_check_checked_on" timestamp(3) with time zone;
  ALTER TABLE "products" ADD COLUMN "used_bike_history_check_outstanding_finance" boolean DEFAULT false;
  ALTER TABLE "products" ADD COLUMN "used_bike_history_check_stolen" boolean DEFAULT false;
  ALTER TABLE "products" ADD COLUMN "used_bike_history_check_write_off_category" "enum_products_write_off_category";
  ALTER TABLE "products" ADD COLUMN "ebike_motor_power_w" numeric;
  ALTER TABLE "products" ADD COLUMN "ebike_assisted_speed_mph" numeric;
  ALTER TABLE "products" ADD COLUMN "ebike_has_pedals" boolean DEFAULT true;
  ALTER TABLE "products" ADD COLUMN "ebike_eapc" boolean;
  CREATE INDEX "products_ebike_ebike_eapc_idx" ON "products" USING btree ("ebike_eapc");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "products_ebike_ebike_eapc_idx";
  ALTER TABLE "products" DROP COLUMN "ebike_eapc";
  ALTER TABLE "products" DROP COLUMN "ebike_has_pedals";
  ALTER TABLE "products" DROP COLUMN "ebike_assisted_speed_mph";
  ALTER TABLE "products" DROP COLUMN "ebike_motor_power_w";
  ALTER TABLE "products" DROP COLUMN "used_bike_history_check_write_off_category";
  ALTER TABLE "products" DROP COLUMN "used_bike_history_check_stolen";
  ALTER TABLE "products" DROP COLUMN "used_bike_history_check_outstanding_finance";
  ALTER TABLE "products" DROP COLUMN "used_bike_history_check_checked_on";
  ALTER TABLE "products" DROP COLUMN "used_bike_history_check_provider";
  ALTER TABLE "products" DROP COLUMN "used_bike_mileage_checked";
  ALTER TABLE "products" DROP COLUMN "used_bike_mot_tests";
  ALTER TABLE "products" DROP COLUMN "used_bike_looked_up_at";
  ALTER TABLE "products" DROP COLUMN "used_bike_mot_expiry_date";
  ALTER TABLE "products" DROP COLUMN "used_bike_mot_status";
  ALTER TABLE "products" DROP COLUMN "used_bike_tax_due_date";
  ALTER TABLE "products" DROP COLUMN "used_bike_tax_status";
  ALTER TABLE "products" DROP COLUMN "used_bike_year_of_manufacture";
  ALTER TABLE "products" DROP COLUMN "used_bike_fuel_type";
  ALTER TABLE "products" DROP COLUMN "used_bike_colour";
  ALTER TABLE "products" DROP COLUMN "used_bike_make";
  DROP TYPE "public"."enum_products_write_off_category";`)
}
