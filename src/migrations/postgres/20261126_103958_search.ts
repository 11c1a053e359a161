import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_search_synonyms_licence" AS ENUM('AM', 'A1', 'A2', 'A');
  CREATE TABLE "search_synonyms" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"words" varchar NOT NULL,
  	"licence" "enum_search_synonyms_licence",
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "search_log" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"words" varchar NOT NULL,
  	"searches" numeric DEFAULT 0 NOT NULL,
  	"without_results" numeric DEFAULT 0 NOT NULL,
  	"last_searched_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "search_synonyms_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "search_log_id" integer;
  CREATE INDEX "search_synonyms_updated_at_idx" ON "search_synonyms" USING btree ("updated_at");
  CREATE INDEX "search_synonyms_created_at_idx" ON "search_synonyms" USING btree ("created_at");
  CREATE UNIQUE INDEX "search_log_words_idx" ON "search_log" USING btree ("words");
  CREATE INDEX "search_log_searches_idx" ON "search_log" USING btree ("searches");
  CREATE INDEX "search_log_without_results_idx" ON "search_log" USING btree ("without_results");
  CREATE INDEX "search_log_last_searched_at_idx" ON "search_log" USING btree ("last_searched_at");
  CREATE INDEX "search_log_updated_at_idx" ON "search_log" USING btree ("updated_at");
  CREATE INDEX "search_log_created_at_idx" ON "search_log" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_search_synonyms_fk" FOREIGN KEY ("search_synonyms_id") REFERENCES "public"."search_synonyms"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_search_log_fk" FOREIGN KEY ("search_log_id") REFERENCES "public"."search_log"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_search_synonyms_id_idx" ON "payload_locked_documents_rels" USING btree ("search_synonyms_id");
  CREATE INDEX "payload_locked_documents_rels_search_log_id_idx" ON "payload_locked_documents_rels" USING btree ("search_log_id");`)
  // Search: each active product's words in the shop's normal form (src/domain/search/normalise.ts)
  // as a tsvector weighted A (name, brand, model codes), B (categories, kind) and C (description, spec sheet),
  // and a trigram index on its name for "Did you mean". Filled by cms/hooks/search-index.ts.
  await db.execute(sql`
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE TABLE "search_index" (
  	"product_id" integer PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  	"title" varchar NOT NULL,
  	"doc" tsvector NOT NULL
  );
  CREATE INDEX "search_index_doc_idx" ON "search_index" USING gin ("doc");
  CREATE INDEX "search_index_title_trgm_idx" ON "search_index" USING gin (lower("title") gin_trgm_ops);
  INSERT INTO "search_synonyms" ("words", "licence") VALUES ('e-bike, ebike, electric bike, electric bicycle, pedelec', NULL), ('lid, helmet', NULL), ('scoot, scooter, moped', NULL), ('A2, A2 licence, A2 license', 'A2'), ('motorbike, motorcycle', NULL), ('mtb, mountain bike', NULL);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "search_index";`)
  await db.execute(sql`
   ALTER TABLE "search_synonyms" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "search_log" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "search_synonyms" CASCADE;
  DROP TABLE "search_log" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_search_synonyms_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_search_log_fk";
  
  DROP INDEX "payload_locked_documents_rels_search_synonyms_id_idx";
  DROP INDEX "payload_locked_documents_rels_search_log_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "search_synonyms_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "search_log_id";
  DROP TYPE "public"."enum_search_synonyms_licence";`)
}
