-- Key contacts: the people at a vendor the MLS deals with, each of one or more contact types. The
-- types are MLS settings (which are required, and for which vendor types; no vendor types: all).
CREATE TABLE "contact_types" (
  "id" serial PRIMARY KEY,
  "name" text NOT NULL,
  "required" boolean NOT NULL DEFAULT false,
  "vendor_types" text[] NOT NULL DEFAULT '{}',
  "sort_order" integer NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "contact_types_name_idx" ON "contact_types" (lower("name"));--> statement-breakpoint
INSERT INTO "contact_types" ("name", "required", "sort_order") VALUES
  ('Primary', false, 1), ('Technical', true, 2), ('Billing', true, 3),
  ('Compliance', false, 4), ('Marketing', false, 5);
--> statement-breakpoint
CREATE TABLE "contacts" (
  "id" serial PRIMARY KEY,
  "vendor_id" integer NOT NULL REFERENCES "vendors"("id") ON DELETE CASCADE,
  "version" integer NOT NULL DEFAULT 1,
  "first_name" text NOT NULL,
  "last_name" text NOT NULL,
  "title" text NOT NULL DEFAULT '',
  "email" text NOT NULL,
  -- E.164, or empty.
  "phone" text NOT NULL DEFAULT '',
  "notes" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_by_name" text NOT NULL DEFAULT ''
);--> statement-breakpoint
CREATE INDEX "contacts_vendor_idx" ON "contacts" ("vendor_id", "last_name", "first_name", "id");--> statement-breakpoint
CREATE TABLE "contact_type_links" (
  "contact_id" integer NOT NULL REFERENCES "contacts"("id") ON DELETE CASCADE,
  "type_id" integer NOT NULL REFERENCES "contact_types"("id"),
  PRIMARY KEY ("contact_id", "type_id")
);--> statement-breakpoint
CREATE INDEX "contact_type_links_type_idx" ON "contact_type_links" ("type_id", "contact_id");--> statement-breakpoint
-- A vendor's record also keeps the changes of its key contacts, and staff's changes of contact types.
ALTER TABLE "account_changes" DROP CONSTRAINT "account_changes_subject_check";--> statement-breakpoint
ALTER TABLE "account_changes" ADD CONSTRAINT "account_changes_subject_check"
  CHECK ("subject" IN ('vendor', 'user', 'document_type', 'contact_type'));--> statement-breakpoint
ALTER TABLE "account_changes" DROP CONSTRAINT "account_changes_kind_check";--> statement-breakpoint
ALTER TABLE "account_changes" ADD CONSTRAINT "account_changes_kind_check" CHECK ("kind" IN (
  'vendor.created', 'vendor.updated', 'vendor.suspended', 'vendor.reinstated',
  'user.invited', 'user.invitation_resent', 'user.invitation_revoked', 'user.role_changed',
  'user.deactivated', 'user.reactivated', 'user.password_reset_sent', 'user.vendors_changed',
  'document_type.created', 'document_type.updated',
  'contact.created', 'contact.updated', 'contact.deleted',
  'contact_type.created', 'contact_type.updated'
));
