-- The number of websites each vendor holds, in one row per vendor, kept by statement triggers on
-- websites in the writing transaction, whoever writes (the API, an import, the seed, a bulk load).
-- The vendor's site ceiling is checked against it: a create raises the total with its insert (the
-- row stays locked until the create commits or rolls back), then reads it; above the ceiling the
-- create rolls back. Creates of one vendor queue only on that one row, for the few statements
-- between their insert and their commit, and the check costs the same at any size.
CREATE TABLE "vendor_site_totals" (
  "vendor_id" integer PRIMARY KEY REFERENCES "vendors"("id") ON DELETE CASCADE,
  "n" integer NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO "vendor_site_totals" ("vendor_id", "n")
  SELECT "vendor_id", count(*)::int FROM "websites" GROUP BY 1;--> statement-breakpoint
-- Deltas apply in vendor order, after website_counts (trigger names sort so), so writers of several
-- vendors at once cannot deadlock on these rows.
CREATE FUNCTION "websites_total"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO vendor_site_totals AS t (vendor_id, n)
      SELECT vendor_id, count(*)::int FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (vendor_id) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    INSERT INTO vendor_site_totals AS t (vendor_id, n)
      SELECT vendor_id, -count(*)::int FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (vendor_id) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "websites_total_insert" AFTER INSERT ON "websites" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "websites_total"();--> statement-breakpoint
CREATE TRIGGER "websites_total_delete" AFTER DELETE ON "websites" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "websites_total"();--> statement-breakpoint
-- A site never moves between vendors in the app; should one be moved by hand, both totals follow.
CREATE FUNCTION "websites_total_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vendor_site_totals AS t (vendor_id, n)
    SELECT v, d FROM (VALUES (OLD.vendor_id, -1), (NEW.vendor_id, 1)) x(v, d) ORDER BY v
    ON CONFLICT (vendor_id) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "websites_total_moved" AFTER UPDATE OF "vendor_id" ON "websites"
  FOR EACH ROW WHEN (OLD."vendor_id" IS DISTINCT FROM NEW."vendor_id")
  EXECUTE FUNCTION "websites_total_moved"();
