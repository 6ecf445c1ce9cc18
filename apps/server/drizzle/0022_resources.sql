-- What the MLS publishes for vendors (rules, policies, display requirements, logo packs, links):
-- each is a stored file or a link, ordered within its category; retired ones are kept, unseen by vendors.
CREATE TABLE "resources" (
  "id" serial PRIMARY KEY,
  "category" text NOT NULL,
  "title" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "storage_key" text UNIQUE,
  "file_name" text,
  "size" bigint,
  "content_type" text,
  "url" text,
  "position" integer NOT NULL DEFAULT 0,
  "retired_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  CONSTRAINT "resources_file_or_link" CHECK (
    ("storage_key" IS NOT NULL AND "file_name" IS NOT NULL AND "size" IS NOT NULL AND "content_type" IS NOT NULL AND "url" IS NULL)
    OR ("storage_key" IS NULL AND "file_name" IS NULL AND "size" IS NULL AND "content_type" IS NULL AND "url" IS NOT NULL)
  ),
  CONSTRAINT "resources_url_http" CHECK ("url" IS NULL OR "url" ~* '^https?://')
);--> statement-breakpoint
CREATE INDEX "resources_category_idx" ON "resources" ("category", "position", "id");--> statement-breakpoint
-- When each user last looked at the resources: what changed since carries a "new" marker.
CREATE TABLE "resource_views" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "last_seen_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
-- Data feeds between vendors: a provider vendor feeds a consumer vendor.
CREATE TABLE "vendor_feeds" (
  "id" serial PRIMARY KEY,
  "provider_vendor_id" integer NOT NULL REFERENCES "vendors"("id") ON DELETE CASCADE,
  "consumer_vendor_id" integer NOT NULL REFERENCES "vendors"("id") ON DELETE CASCADE,
  "feed_type" text NOT NULL,
  "status" text NOT NULL CHECK ("status" IN ('Active', 'Pending', 'Suspended', 'Ended')),
  "since" date NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "vendor_feeds_pair" UNIQUE ("provider_vendor_id", "consumer_vendor_id"),
  CONSTRAINT "vendor_feeds_not_self" CHECK ("provider_vendor_id" <> "consumer_vendor_id")
);--> statement-breakpoint
CREATE INDEX "vendor_feeds_consumer_idx" ON "vendor_feeds" ("consumer_vendor_id");
