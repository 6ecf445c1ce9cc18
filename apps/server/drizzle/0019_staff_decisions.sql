-- The MLS staff console: decisions on requests and documents are recorded on them, and every
-- decision (activation, termination, a request approved or declined, a document rejected) leaves a
-- row here with how long it waited, for the queue's median time to decision and the reports.
ALTER TABLE "website_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "website_requests" ADD COLUMN "decided_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "website_requests" ADD COLUMN "decision_reason" text NOT NULL DEFAULT '';--> statement-breakpoint
CREATE INDEX "website_requests_pending_idx" ON "website_requests" ("created_at", "id") WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "rejected_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "rejection_reason" text NOT NULL DEFAULT '';--> statement-breakpoint
CREATE TABLE "staff_decisions" (
  "id" serial PRIMARY KEY,
  "kind" text NOT NULL CHECK ("kind" IN ('activation', 'termination', 'domain', 'agent', 'document')),
  "outcome" text NOT NULL CHECK ("outcome" IN ('approved', 'declined')),
  "vendor_id" integer NOT NULL REFERENCES "vendors"("id"),
  "website_id" integer,
  "request_id" integer,
  "document_id" integer,
  "waited_since" timestamp with time zone NOT NULL,
  "decided_at" timestamp with time zone NOT NULL DEFAULT now(),
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "username" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "staff_decisions_decided_idx" ON "staff_decisions" ("decided_at");--> statement-breakpoint
CREATE INDEX "websites_pending_idx" ON "websites" ("pending_since", "id") WHERE "status" = 'Pending Activation';--> statement-breakpoint
INSERT INTO "audit_kinds" ("kind") VALUES
  ('website.domain_change_approved'), ('website.domain_change_declined'),
  ('website.agent_change_approved'), ('website.agent_change_declined'),
  ('document.rejected');
