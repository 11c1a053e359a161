import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_service_options_kind" AS ENUM('tier', 'add-on');
  CREATE TYPE "public"."enum_bookings_kind" AS ENUM('service', 'test_ride');
  CREATE TYPE "public"."enum_bookings_status" AS ENUM('booked', 'checked_in', 'in_progress', 'awaiting_approval', 'ready_for_collection', 'collected', 'completed', 'cancelled', 'no_show');
  CREATE TYPE "public"."enum_bookings_source" AS ENUM('online', 'phone', 'walk_in');
  CREATE TYPE "public"."enum_bookings_service_bike_bike_type" AS ENUM('road', 'gravel', 'mountain', 'hybrid', 'city', 'folding', 'cargo', 'kids', 'other');
  CREATE TYPE "public"."enum_bookings_service_extra_work_decision" AS ENUM('pending', 'approved', 'declined', 'pre_authorised');
  CREATE TYPE "public"."enum_bookings_test_ride_licence" AS ENUM('CBT', 'AM', 'A1', 'A2', 'A');
  CREATE TYPE "public"."enum_site_settings_workshop_open_days" AS ENUM('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday');
  CREATE TYPE "public"."enum_site_settings_test_rides_open_days" AS ENUM('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday');
  CREATE TABLE "service_options" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"code" varchar NOT NULL,
  	"kind" "enum_service_options_kind" DEFAULT 'tier' NOT NULL,
  	"description" varchar,
  	"price_pence" numeric NOT NULL,
  	"workshop_minutes" numeric NOT NULL,
  	"e_bike_only" boolean DEFAULT false,
  	"active" boolean DEFAULT true,
  	"position" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "bookings_service_lines" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"price_pence" numeric,
  	"minutes" numeric
  );
  
  CREATE TABLE "bookings_history" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"at" timestamp(3) with time zone NOT NULL,
  	"by_id" integer,
  	"actor" varchar,
  	"from" varchar,
  	"to" varchar,
  	"note" varchar
  );
  
  CREATE TABLE "bookings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"reference" varchar,
  	"kind" "enum_bookings_kind" DEFAULT 'service' NOT NULL,
  	"status" "enum_bookings_status" DEFAULT 'booked' NOT NULL,
  	"source" "enum_bookings_source" DEFAULT 'phone' NOT NULL,
  	"day" varchar NOT NULL,
  	"window" varchar,
  	"resource" varchar,
  	"minutes" numeric,
  	"customer_id" integer,
  	"first_name" varchar NOT NULL,
  	"last_name" varchar NOT NULL,
  	"email" varchar,
  	"phone" varchar NOT NULL,
  	"service_tier_id" integer,
  	"service_total_pence" numeric,
  	"service_bike_make" varchar,
  	"service_bike_model" varchar,
  	"service_bike_bike_type" "enum_bookings_service_bike_bike_type",
  	"service_bike_e_bike" boolean DEFAULT false,
  	"service_bike_notes" varchar,
  	"service_extra_work_limit_pence" numeric,
  	"service_extra_work_description" varchar,
  	"service_extra_work_quote_pence" numeric,
  	"service_extra_work_decision" "enum_bookings_service_extra_work_decision",
  	"service_extra_work_decided_at" timestamp(3) with time zone,
  	"service_ready_at" timestamp(3) with time zone,
  	"service_collect_by" varchar,
  	"test_ride_product_id" integer,
  	"test_ride_bike_name" varchar,
  	"test_ride_licence" "enum_bookings_test_ride_licence",
  	"test_ride_category_needed" varchar,
  	"terms_accepted_at" timestamp(3) with time zone,
  	"staff_notes" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "bookings_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"service_options_id" integer
  );
  
  CREATE TABLE "booking_days" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"resource" varchar NOT NULL,
  	"day" varchar NOT NULL,
  	"used_minutes" numeric DEFAULT 0 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "site_settings_closures" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"day" varchar NOT NULL,
  	"reason" varchar
  );
  
  CREATE TABLE "site_settings_workshop_open_days" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_site_settings_workshop_open_days",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "site_settings_test_rides_open_days" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_site_settings_test_rides_open_days",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "site_settings_test_rides_windows" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"starts" varchar NOT NULL,
  	"minutes" numeric DEFAULT 60 NOT NULL
  );
  
  ALTER TABLE "products" ADD COLUMN "attributes_power_kw" numeric;
  ALTER TABLE "products" ADD COLUMN "attributes_weight_kg" numeric;
  ALTER TABLE "products" ADD COLUMN "attributes_restricted_from_kw" numeric;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "service_options_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "bookings_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "booking_days_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "workshop_mechanics" numeric DEFAULT 2 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "workshop_hours_per_mechanic" numeric DEFAULT 8 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "workshop_productive_percent" numeric DEFAULT 80 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "workshop_lead_days" numeric DEFAULT 1 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "workshop_horizon_days" numeric DEFAULT 60 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "workshop_change_cutoff_hours" numeric DEFAULT 24 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "workshop_collection_days" numeric DEFAULT 5 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "workshop_drop_off_times" varchar DEFAULT 'between 8:30 and 10:00';
  ALTER TABLE "site_settings" ADD COLUMN "workshop_what_to_bring" varchar DEFAULT 'Your bike, clean enough to work on; keys for any locks; for e-bikes the charger and battery key. Tell us about any noises or faults.';
  ALTER TABLE "site_settings" ADD COLUMN "workshop_terms" varchar DEFAULT 'We quote any extra work found on the bench and do it only with your approval, or within the limit you pre-authorise. Payment is due on collection. Bikes not collected within the collection period may be charged storage.';
  ALTER TABLE "site_settings" ADD COLUMN "test_rides_lead_days" numeric DEFAULT 1 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "test_rides_horizon_days" numeric DEFAULT 30 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "test_rides_change_cutoff_hours" numeric DEFAULT 2 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "test_rides_allow_cbt_on125" boolean DEFAULT false;
  ALTER TABLE "site_settings" ADD COLUMN "test_rides_excess_pence" numeric DEFAULT 50000 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "test_rides_terms" varchar DEFAULT 'Bring your photocard driving licence (and CBT certificate where needed) on the day: no licence, no ride. You ride at your own risk within the law, and you pay the damage excess shown if the bike is damaged while you ride it.';
  ALTER TABLE "bookings_service_lines" ADD CONSTRAINT "bookings_service_lines_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "bookings_history" ADD CONSTRAINT "bookings_history_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "bookings_history" ADD CONSTRAINT "bookings_history_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_tier_id_service_options_id_fk" FOREIGN KEY ("service_tier_id") REFERENCES "public"."service_options"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_test_ride_product_id_products_id_fk" FOREIGN KEY ("test_ride_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "bookings_rels" ADD CONSTRAINT "bookings_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "bookings_rels" ADD CONSTRAINT "bookings_rels_service_options_fk" FOREIGN KEY ("service_options_id") REFERENCES "public"."service_options"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_closures" ADD CONSTRAINT "site_settings_closures_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_workshop_open_days" ADD CONSTRAINT "site_settings_workshop_open_days_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_test_rides_open_days" ADD CONSTRAINT "site_settings_test_rides_open_days_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_test_rides_windows" ADD CONSTRAINT "site_settings_test_rides_windows_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "service_options_code_idx" ON "service_options" USING btree ("code");
  CREATE INDEX "service_options_active_idx" ON "service_options" USING btree ("active");
  CREATE INDEX "service_options_updated_at_idx" ON "service_options" USING btree ("updated_at");
  CREATE INDEX "service_options_created_at_idx" ON "service_options" USING btree ("created_at");
  CREATE INDEX "bookings_service_lines_order_idx" ON "bookings_service_lines" USING btree ("_order");
  CREATE INDEX "bookings_service_lines_parent_id_idx" ON "bookings_service_lines" USING btree ("_parent_id");
  CREATE INDEX "bookings_history_order_idx" ON "bookings_history" USING btree ("_order");
  CREATE INDEX "bookings_history_parent_id_idx" ON "bookings_history" USING btree ("_parent_id");
  CREATE INDEX "bookings_history_by_idx" ON "bookings_history" USING btree ("by_id");
  CREATE UNIQUE INDEX "bookings_reference_idx" ON "bookings" USING btree ("reference");
  CREATE INDEX "bookings_kind_idx" ON "bookings" USING btree ("kind");
  CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status");
  CREATE INDEX "bookings_day_idx" ON "bookings" USING btree ("day");
  CREATE INDEX "bookings_resource_idx" ON "bookings" USING btree ("resource");
  CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id");
  CREATE INDEX "bookings_email_idx" ON "bookings" USING btree ("email");
  CREATE INDEX "bookings_service_service_tier_idx" ON "bookings" USING btree ("service_tier_id");
  CREATE INDEX "bookings_test_ride_test_ride_product_idx" ON "bookings" USING btree ("test_ride_product_id");
  CREATE INDEX "bookings_updated_at_idx" ON "bookings" USING btree ("updated_at");
  CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at");
  CREATE INDEX "bookings_rels_order_idx" ON "bookings_rels" USING btree ("order");
  CREATE INDEX "bookings_rels_parent_idx" ON "bookings_rels" USING btree ("parent_id");
  CREATE INDEX "bookings_rels_path_idx" ON "bookings_rels" USING btree ("path");
  CREATE INDEX "bookings_rels_service_options_id_idx" ON "bookings_rels" USING btree ("service_options_id");
  CREATE INDEX "booking_days_resource_idx" ON "booking_days" USING btree ("resource");
  CREATE INDEX "booking_days_day_idx" ON "booking_days" USING btree ("day");
  CREATE INDEX "booking_days_updated_at_idx" ON "booking_days" USING btree ("updated_at");
  CREATE INDEX "booking_days_created_at_idx" ON "booking_days" USING btree ("created_at");
  CREATE UNIQUE INDEX "resource_day_idx" ON "booking_days" USING btree ("resource","day");
  CREATE INDEX "site_settings_closures_order_idx" ON "site_settings_closures" USING btree ("_order");
  CREATE INDEX "site_settings_closures_parent_id_idx" ON "site_settings_closures" USING btree ("_parent_id");
  CREATE INDEX "site_settings_workshop_open_days_order_idx" ON "site_settings_workshop_open_days" USING btree ("order");
  CREATE INDEX "site_settings_workshop_open_days_parent_idx" ON "site_settings_workshop_open_days" USING btree ("parent_id");
  CREATE INDEX "site_settings_test_rides_open_days_order_idx" ON "site_settings_test_rides_open_days" USING btree ("order");
  CREATE INDEX "site_settings_test_rides_open_days_parent_idx" ON "site_settings_test_rides_open_days" USING btree ("parent_id");
  CREATE INDEX "site_settings_test_rides_windows_order_idx" ON "site_settings_test_rides_windows" USING btree ("_order");
  CREATE INDEX "site_settings_test_rides_windows_parent_id_idx" ON "site_settings_test_rides_windows" USING btree ("_parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_service_options_fk" FOREIGN KEY ("service_options_id") REFERENCES "public"."service_options"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_bookings_fk" FOREIGN KEY ("bookings_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_booking_days_fk" FOREIGN KEY ("booking_days_id") REFERENCES "public"."booking_days"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_service_options_id_idx" ON "payload_locked_documents_rels" USING btree ("service_options_id");
  CREATE INDEX "payload_locked_documents_rels_bookings_id_idx" ON "payload_locked_documents_rels" USING btree ("bookings_id");
  CREATE INDEX "payload_locked_documents_rels_booking_days_id_idx" ON "payload_locked_documents_rels" USING btree ("booking_days_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "service_options" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "bookings_service_lines" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "bookings_history" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "bookings" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "bookings_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "booking_days" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "site_settings_closures" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "site_settings_workshop_open_days" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "site_settings_test_rides_open_days" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "site_settings_test_rides_windows" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "service_options" CASCADE;
  DROP TABLE "bookings_service_lines" CASCADE;
  DROP TABLE "bookings_history" CASCADE;
  DROP TABLE "bookings" CASCADE;
  DROP TABLE "bookings_rels" CASCADE;
  DROP TABLE "booking_days" CASCADE;
  DROP TABLE "site_settings_closures" CASCADE;
  DROP TABLE "site_settings_workshop_open_days" CASCADE;
  DROP TABLE "site_settings_test_rides_open_days" CASCADE;
  DROP TABLE "site_settings_test_rides_windows" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_service_options_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_bookings_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_booking_days_fk";
  
  DROP INDEX "payload_locked_documents_rels_service_options_id_idx";
  DROP INDEX "payload_locked_documents_rels_bookings_id_idx";
  DROP INDEX "payload_locked_documents_rels_booking_days_id_idx";
  ALTER TABLE "products" DROP COLUMN "attributes_power_kw";
  ALTER TABLE "products" DROP COLUMN "attributes_weight_kg";
  ALTER TABLE "products" DROP COLUMN "attributes_restricted_from_kw";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "service_options_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "bookings_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "booking_days_id";
  ALTER TABLE "site_settings" DROP COLUMN "workshop_mechanics";
  ALTER TABLE "site_settings" DROP COLUMN "workshop_hours_per_mechanic";
  ALTER TABLE "site_settings" DROP COLUMN "workshop_productive_percent";
  ALTER TABLE "site_settings" DROP COLUMN "workshop_lead_days";
  ALTER TABLE "site_settings" DROP COLUMN "workshop_horizon_days";
  ALTER TABLE "site_settings" DROP COLUMN "workshop_change_cutoff_hours";
  ALTER TABLE "site_settings" DROP COLUMN "workshop_collection_days";
  ALTER TABLE "site_settings" DROP COLUMN "workshop_drop_off_times";
  ALTER TABLE "site_settings" DROP COLUMN "workshop_what_to_bring";
  ALTER TABLE "site_settings" DROP COLUMN "workshop_terms";
  ALTER TABLE "site_settings" DROP COLUMN "test_rides_lead_days";
  ALTER TABLE "site_settings" DROP COLUMN "test_rides_horizon_days";
  ALTER TABLE "site_settings" DROP COLUMN "test_rides_change_cutoff_hours";
  ALTER TABLE "site_settings" DROP COLUMN "test_rides_allow_cbt_on125";
  ALTER TABLE "site_settings" DROP COLUMN "test_rides_excess_pence";
  ALTER TABLE "site_settings" DROP COLUMN "test_rides_terms";
  DROP TYPE "public"."enum_service_options_kind";
  DROP TYPE "public"."enum_bookings_kind";
  DROP TYPE "public"."enum_bookings_status";
  DROP TYPE "public"."enum_bookings_source";
  DROP TYPE "public"."enum_bookings_service_bike_bike_type";
  DROP TYPE "public"."enum_bookings_service_extra_work_decision";
  DROP TYPE "public"."enum_bookings_test_ride_licence";
  DROP TYPE "public"."enum_site_settings_workshop_open_days";
  DROP TYPE "public"."enum_site_settings_test_rides_open_days";`)
}
