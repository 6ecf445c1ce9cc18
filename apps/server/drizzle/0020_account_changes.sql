-- The MLS staff console's record of what staff changed in vendors, users, invitations and document
-- types, with who did it; and the index that finds a vendor's latest recorded change.
CREATE TABLE "account_changes" (
  "id" serial PRIMARY KEY,
  "subject" text NOT NULL CHECK ("subject" IN ('vendor', 'user', 'document_type')),
  "subject_id" integer NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN (
    'vendor.created', 'vendor.updated', 'vendor.suspended', 'vendor.reinstated',
    'user.invited', 'user.invitation_resent', 'user.invitation_revoked', 'user.role_changed',
    'user.deactivated', 'user.reactivated', 'user.password_reset_sent', 'user.vendors_changed',
    'document_type.created', 'document_type.updated'
  )),
  "description" text NOT NULL,
  "changes" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "actor_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "actor_name" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "account_changes_subject_idx" ON "account_changes" ("subject", "subject_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "website_changes_vendor_created_idx" ON "website_changes" ("vendor_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendors_parent_idx" ON "vendors" ("parent_vendor_id") WHERE "parent_vendor_id" IS NOT NULL;
