-- One domain, one site: a leading "www." names the same site, so uniqueness is keyed on the lower-case
-- name without it. A domain named in a pending domain change request is reserved until the request is
-- decided: at most one pending request names a domain, and the app checks both tables under one
-- advisory lock per domain key, so a create and a request cannot both take it.
DROP INDEX "websites_domain_lower_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "websites_domain_key_idx" ON "websites" (regexp_replace(lower("domain_name"), '^www\.', ''));--> statement-breakpoint
CREATE UNIQUE INDEX "website_requests_pending_domain_idx" ON "website_requests" (regexp_replace(lower("payload" ->> 'domainName'), '^www\.', ''))
  WHERE "kind" = 'domain' AND "status" = 'pending';
