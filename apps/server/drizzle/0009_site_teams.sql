-- Every site with the IDX Team Website product (id 2) has its team, led by the site's agent: new
-- sites get it with the site, or when their product changes to it. Sites saved before have theirs
-- made here, so reading a team never needs to create one.
INSERT INTO "website_teams" ("website_id", "primary_member_number")
  SELECT w."id", w."member_number" FROM "websites" w
  WHERE 2 = ANY(w."products")
    AND NOT EXISTS (SELECT 1 FROM "website_teams" t WHERE t."website_id" = w."id");--> statement-breakpoint
INSERT INTO "website_team_members" ("website_id", "member_number")
  SELECT t."website_id", t."primary_member_number" FROM "website_teams" t
  ON CONFLICT DO NOTHING;
