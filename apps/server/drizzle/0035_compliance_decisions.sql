-- A compliance finding opened or resolved is kept in the site's History, and so is what MLS staff
-- decide on one left unfixed past its due date: a later date, a waiver with its reason, or a
-- termination (also kept as a staff decision).
INSERT INTO "audit_kinds" ("kind") VALUES
  ('website.compliance_found'), ('website.compliance_resolved'),
  ('website.compliance_extended'), ('website.compliance_waived');--> statement-breakpoint
ALTER TABLE "staff_decisions" DROP CONSTRAINT "staff_decisions_kind_check";--> statement-breakpoint
ALTER TABLE "staff_decisions" ADD CONSTRAINT "staff_decisions_kind_check"
  CHECK ("kind" IN ('activation', 'termination', 'domain', 'agent', 'product', 'team', 'licence', 'document', 'compliance'));--> statement-breakpoint
CREATE INDEX "compliance_findings_overdue_idx" ON "compliance_findings" ("due_on", "website_id") WHERE "state" = 'open';
--> statement-breakpoint
-- A waiver holds while the rule keeps failing: the finding is not opened again until a check passes
-- the rule, which ends the waiver.
ALTER TABLE "compliance_findings" ADD COLUMN "waiver_ended_at" timestamp with time zone;
