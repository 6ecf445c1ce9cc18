-- The console's compliance report follows the last 90 days of checks, day by day: which sites were
-- checked each day and the decision of each one's last check. This index holds exactly that, in the
-- order of started_at, so each day is one short range of it and the checks themselves (their pages
-- and results, most of the table) are not read.
CREATE INDEX "compliance_checks_day_idx" ON "compliance_checks" ("started_at") INCLUDE ("website_id", "id", "decision", "vendor_id");
