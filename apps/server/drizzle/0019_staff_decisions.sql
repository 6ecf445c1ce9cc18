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
--> statement-breakpoint
-- Every run of a scheduled job, with its error, for the console's Jobs screen.
CREATE TABLE "job_runs" (
  "id" serial PRIMARY KEY,
  "name" text NOT NULL,
  "started_at" timestamp with time zone NOT NULL DEFAULT now(),
  "finished_at" timestamp with time zone,
  "ok" boolean,
  "error" text,
  "manual" boolean NOT NULL DEFAULT false
);--> statement-breakpoint
CREATE INDEX "job_runs_name_idx" ON "job_runs" ("name", "started_at" DESC);--> statement-breakpoint
-- Reminders to signatories who have not signed: how many were sent, and when the last link went out.
ALTER TABLE "signers" ADD COLUMN "reminders_sent" integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "link_sent_at" timestamp with time zone NOT NULL DEFAULT now();--> statement-breakpoint
-- A site whose agent, team member or broker left the roster waits for staff with the reason.
ALTER TABLE "websites" ADD COLUMN "roster_flag" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "roster_flagged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "websites_roster_flag_idx" ON "websites" ("roster_flagged_at", "id") WHERE "roster_flagged_at" IS NOT NULL;--> statement-breakpoint
-- Where the roster sync stands per resource: the newest timestamp committed, and the page to resume.
CREATE TABLE "roster_sync_state" (
  "resource" text PRIMARY KEY CHECK ("resource" IN ('Member', 'Office')),
  "last_timestamp" timestamp with time zone,
  "next_link" text,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
