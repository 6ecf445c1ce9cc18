-- A termination request is recorded with the domain and agent requests, pending until MLS staff
-- decide it or its sender withdraws it. Sites waiting in Pending Termination from a request made
-- before get theirs from the History entry of that request.
INSERT INTO "website_requests" ("website_id", "vendor_id", "kind", "payload", "user_id", "username", "first_name",
    "last_name", "created_at")
  SELECT DISTINCT ON (c."website_id") c."website_id", c."vendor_id", 'termination',
    jsonb_build_object('termDate', w."term_date"::text, 'reason', coalesce((
      SELECT x ->> 'to' FROM jsonb_array_elements(c."changes") x WHERE x -> 'path' = '["reason"]'::jsonb LIMIT 1), '')),
    c."user_id", c."username", c."first_name", c."last_name", c."created_at"
  FROM "website_changes" c JOIN "websites" w ON w."id" = c."website_id" AND w."vendor_id" = c."vendor_id"
  WHERE c."kind" = 'website.termination_requested' AND w."status" = 'Pending Termination' AND w."activated_at" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "website_requests" r
      WHERE r."website_id" = w."id" AND r."kind" = 'termination' AND r."status" = 'pending')
  ORDER BY c."website_id", c."created_at" DESC;
