-- The misspelt-name agent search ranks distinct last names, not members: a roster repeats each last
-- name many times (200,000 members share a few thousand), so a trigram match over the members
-- rechecks tens of thousands of rows where one over the names rechecks a few hundred. The names and
-- how many members carry each are kept by statement triggers on members, in the roster change's
-- transaction; a name no member carries any more is removed.
CREATE TABLE "member_last_names" (
  "name" text PRIMARY KEY,
  "n" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "member_last_names" ("name", "n")
  SELECT "member_last_name", count(*)::int FROM "members" GROUP BY 1;--> statement-breakpoint
CREATE INDEX "member_last_names_trgm_idx" ON "member_last_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- The members of one last name in the search's order, read from the index alone.
CREATE INDEX "members_last_first_idx" ON "members" ("reciprocal", "member_last_name", "member_first_name", "member_key");--> statement-breakpoint
CREATE FUNCTION "member_last_names_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Deltas apply in name order, so two roster writes at once cannot deadlock on these rows.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_last_names AS c (name, n)
      SELECT member_last_name, count(*)::int FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO member_last_names AS c (name, n)
      SELECT name, sum(d)::int FROM (
        SELECT member_last_name AS name, 1 AS d FROM new_rows
        UNION ALL SELECT member_last_name, -1 FROM old_rows
      ) x GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1
      ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n;
    DELETE FROM member_last_names WHERE n <= 0 AND name IN (SELECT member_last_name FROM old_rows);
  ELSE
    INSERT INTO member_last_names AS c (name, n)
      SELECT member_last_name, -count(*)::int FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n;
    DELETE FROM member_last_names WHERE n <= 0 AND name IN (SELECT member_last_name FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_last_names_insert" AFTER INSERT ON "members" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "member_last_names_count"();--> statement-breakpoint
CREATE TRIGGER "member_last_names_update" AFTER UPDATE ON "members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "member_last_names_count"();--> statement-breakpoint
CREATE TRIGGER "member_last_names_delete" AFTER DELETE ON "members" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "member_last_names_count"();
--> statement-breakpoint
-- No query matches trigrams over members' last names any more; the roster import no longer keeps it.
DROP INDEX IF EXISTS "members_last_name_trgm_idx";
