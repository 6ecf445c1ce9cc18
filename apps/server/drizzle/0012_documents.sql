-- Documents: the types the MLS asks for, the files vendors keep (on a website or on the account), and
-- the Site Access Form's signing ceremony (requests, signers with hashed single-use tokens, and an
-- append-only trail of what each signer did).
CREATE TABLE "document_types" (
  "id" serial PRIMARY KEY,
  "type" text NOT NULL,
  "name" text UNIQUE,
  "scope" text NOT NULL DEFAULT 'any' CHECK ("scope" IN ('website', 'vendor', 'any')),
  "messaging" boolean NOT NULL DEFAULT false,
  "signature_required" boolean NOT NULL DEFAULT false,
  "required_for_vendor" boolean NOT NULL DEFAULT false,
  -- Sites past Pending Activation need an approved document of this type; the products it applies to
  -- (empty: every product).
  "required_for_sites" boolean NOT NULL DEFAULT false,
  "required_for_products" integer[] NOT NULL DEFAULT '{}'::integer[],
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "document_types_type_key" ON "document_types" (lower("type"), "messaging");--> statement-breakpoint
INSERT INTO "document_types" ("type", "name", "scope", "signature_required", "required_for_vendor", "required_for_sites")
VALUES
  ('SAF', 'saf', 'website', true, false, true),
  ('Vendor License Agreement', 'vendor_license', 'vendor', false, true, false),
  ('W-9', 'w9', 'vendor', false, true, false),
  ('Certificate of Insurance', 'insurance', 'vendor', false, false, false),
  ('Website Screenshot', 'screenshot', 'website', false, false, false),
  ('Other', 'other', 'any', false, false, false);--> statement-breakpoint
INSERT INTO "document_types" ("type", "messaging") VALUES ('Attachment', true), ('Compliance Notice', true);--> statement-breakpoint
CREATE TABLE "documents" (
  "id" serial PRIMARY KEY,
  "vendor_id" integer NOT NULL REFERENCES "vendors"("id"),
  "website_id" integer REFERENCES "websites"("id") ON DELETE CASCADE,
  "type_id" integer NOT NULL REFERENCES "document_types"("id"),
  "label" text NOT NULL,
  "storage_key" text NOT NULL UNIQUE,
  "size" bigint NOT NULL CHECK ("size" > 0),
  "sha256" text NOT NULL,
  "content_type" text NOT NULL,
  "signature_required" boolean NOT NULL DEFAULT false,
  "approved" boolean NOT NULL DEFAULT false,
  "voided" boolean NOT NULL DEFAULT false,
  -- A sealed document: the hash of what was signed, before the seal; sha256 is then the sealed file's.
  "unsealed_sha256" text,
  "sealed_at" timestamp with time zone,
  "uploaded_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "uploaded_by_name" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "documents_vendor_idx" ON "documents" ("vendor_id", "created_at");--> statement-breakpoint
CREATE INDEX "documents_website_idx" ON "documents" ("website_id", "created_at") WHERE "website_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_sha256_idx" ON "documents" ("sha256");--> statement-breakpoint
CREATE TABLE "signature_requests" (
  "id" serial PRIMARY KEY,
  "document_id" integer NOT NULL UNIQUE REFERENCES "documents"("id") ON DELETE CASCADE,
  "vendor_id" integer NOT NULL REFERENCES "vendors"("id"),
  "website_id" integer NOT NULL,
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'completed', 'declined', 'voided')),
  "void_reason" text,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_by_name" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "signature_requests_website_idx" ON "signature_requests" ("website_id", "created_at");--> statement-breakpoint
CREATE TABLE "signers" (
  "id" serial PRIMARY KEY,
  "request_id" integer NOT NULL REFERENCES "signature_requests"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "signatory" text NOT NULL,
  "name" text NOT NULL,
  "email" text NOT NULL,
  -- SHA-256 of the signing link's token; null once used, voided or replaced by a resend.
  "token_hash" text UNIQUE,
  "token_expires_at" timestamp with time zone,
  "status" text NOT NULL DEFAULT 'waiting' CHECK ("status" IN ('waiting', 'opened', 'signed', 'declined')),
  "consented_at" timestamp with time zone,
  "signed_name" text,
  "signature_image" text,
  "signed_at" timestamp with time zone,
  "decline_reason" text,
  UNIQUE ("request_id", "position")
);--> statement-breakpoint
CREATE TABLE "signature_events" (
  "id" serial PRIMARY KEY,
  "request_id" integer NOT NULL REFERENCES "signature_requests"("id") ON DELETE CASCADE,
  "signer_id" integer REFERENCES "signers"("id") ON DELETE CASCADE,
  "kind" text NOT NULL CHECK ("kind" IN ('sent', 'resent', 'opened', 'consented', 'signed', 'declined', 'voided', 'completed')),
  "detail" text NOT NULL DEFAULT '',
  "ip" text NOT NULL DEFAULT '',
  "user_agent" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "signature_events_request_idx" ON "signature_events" ("request_id", "id");--> statement-breakpoint
ALTER TABLE "website_changes" DROP CONSTRAINT "website_changes_kind_check";--> statement-breakpoint
ALTER TABLE "website_changes" ADD CONSTRAINT "website_changes_kind_check" CHECK ("kind" IN (
  'website.created', 'website.updated', 'website.status_changed', 'website.deleted',
  'website.domain_change_requested', 'website.agent_change_requested', 'website.termination_requested',
  'website.termination_withdrawn',
  'team.created', 'team.member_added', 'team.member_removed', 'team.primary_changed', 'team.updated',
  'document.uploaded', 'document.deleted',
  'saf.sent', 'saf.resent', 'saf.opened', 'saf.consented', 'saf.signed', 'saf.declined', 'saf.voided', 'saf.completed'
));
