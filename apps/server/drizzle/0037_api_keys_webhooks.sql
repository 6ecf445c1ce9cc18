-- API keys a vendor's users make for the vendor's own systems: the secret kept only as its SHA-256
-- (it is random and long, so a slow hash adds nothing), the first characters kept to recognise it.
CREATE TABLE "api_keys" (
  "id" serial PRIMARY KEY NOT NULL,
  "vendor_id" integer NOT NULL REFERENCES "vendors"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "shown" text NOT NULL,
  "secret_hash" text NOT NULL,
  "scopes" text[] NOT NULL,
  "allowed_ranges" text[] NOT NULL DEFAULT '{}',
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "last_used_at" timestamp with time zone,
  "last_used_from" text,
  "revoked_at" timestamp with time zone,
  "revoked_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "replaced_by" integer REFERENCES "api_keys"("id") ON DELETE SET NULL,
  "expiry_noticed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_idx" ON "api_keys" ("secret_hash");
--> statement-breakpoint
CREATE INDEX "api_keys_vendor_idx" ON "api_keys" ("vendor_id", "id");
--> statement-breakpoint
CREATE INDEX "api_keys_expiry_idx" ON "api_keys" ("expires_at") WHERE "revoked_at" IS NULL AND "expiry_noticed_at" IS NULL;
--> statement-breakpoint
-- Where a vendor's (or, with no vendor, the MLS's) systems receive licensing events. The secret
-- signs each delivery (Standard Webhooks); after a rotation the previous one signs too until
-- previous_secret_until.
CREATE TABLE "webhook_endpoints" (
  "id" serial PRIMARY KEY NOT NULL,
  "vendor_id" integer REFERENCES "vendors"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "event_types" text[] NOT NULL,
  "secret" text NOT NULL,
  "previous_secret" text,
  "previous_secret_until" timestamp with time zone,
  "secret_rotated_at" timestamp with time zone,
  "enabled" boolean NOT NULL DEFAULT true,
  "disabled_reason" text,
  "failing_since" timestamp with time zone,
  "last_delivery_at" timestamp with time zone,
  "last_delivery_status" integer,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_vendor_idx" ON "webhook_endpoints" ("vendor_id");
--> statement-breakpoint
-- The outbox: an event and its deliveries are written in the transaction of the change, so a
-- change rolled back sends nothing. The payload is the body exactly as it is signed and sent.
CREATE TABLE "webhook_events" (
  "id" text PRIMARY KEY NOT NULL,
  "vendor_id" integer,
  "type" text NOT NULL,
  "payload" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" ("created_at");
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
  "id" serial PRIMARY KEY NOT NULL,
  "event_id" text NOT NULL REFERENCES "webhook_events"("id") ON DELETE CASCADE,
  "endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "state" text NOT NULL DEFAULT 'pending' CHECK ("state" IN ('pending', 'delivered', 'failed')),
  "attempts" integer NOT NULL DEFAULT 0,
  "next_attempt_at" timestamp with time zone DEFAULT now(),
  "claimed_until" timestamp with time zone,
  "last_attempt_at" timestamp with time zone,
  "response_status" integer,
  "response_ms" integer,
  "response_body" text,
  "error" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint_idx" ON "webhook_deliveries" ("event_id", "endpoint_id");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "state" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "id");
