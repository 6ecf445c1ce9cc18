-- A token in a link is never a session: it is a one-time login code, issued by the server (single
-- sign-on, an auth redirect), used once within two minutes and exchanged by POST for a session.
CREATE TABLE "login_codes" (
  "code_hash" text PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "expires_at" timestamptz NOT NULL,
  "used_at" timestamptz
);--> statement-breakpoint
CREATE INDEX "login_codes_user_idx" ON "login_codes" ("user_id");
