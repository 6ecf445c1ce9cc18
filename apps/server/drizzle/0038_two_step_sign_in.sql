-- A user's second factors: an authenticator app (its RFC 6238 secret, which must be kept to check
-- codes, and the last time step used, so no code is taken twice) or a passkey (its WebAuthn
-- credential id, public key and signature counter). An authenticator app is confirmed by its first
-- code; until then it opens nothing.
CREATE TABLE "user_factors" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL CHECK ("kind" IN ('totp', 'passkey')),
  "name" text NOT NULL,
  "totp_secret" text,
  "last_step" bigint,
  "credential_id" text,
  "public_key" text,
  "counter" bigint NOT NULL DEFAULT 0,
  "transports" text[] NOT NULL DEFAULT '{}',
  "confirmed_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "last_used_at" timestamp with time zone,
  CHECK (("kind" = 'totp') = ("totp_secret" IS NOT NULL)),
  CHECK (("kind" = 'passkey') = ("credential_id" IS NOT NULL AND "public_key" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "user_factors_user_idx" ON "user_factors" ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "user_factors_credential_idx" ON "user_factors" ("credential_id") WHERE "credential_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "user_factors_one_totp_idx" ON "user_factors" ("user_id") WHERE "kind" = 'totp' AND "confirmed_at" IS NOT NULL;
--> statement-breakpoint
-- Ten single-use recovery codes per user, kept as SHA-256 (each is 50 random bits, and a wrong code
-- counts against the same limits as a wrong authenticator code).
CREATE TABLE "recovery_codes" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code_hash" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" ("user_id");
--> statement-breakpoint
-- A sign-in between its first step (a password, a login code, an invitation, single sign-on) and
-- its second: only the second step, or enrolment when the role requires a factor, turns it into a
-- session. It is no session: nothing else accepts it.
CREATE TABLE "sign_in_tickets" (
  "id" serial PRIMARY KEY NOT NULL,
  "token_hash" text NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "stage" text NOT NULL CHECK ("stage" IN ('verify', 'enrol')),
  "first_step" text NOT NULL,
  "attempts" integer NOT NULL DEFAULT 0,
  "address" text,
  "user_agent" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_tickets_token_idx" ON "sign_in_tickets" ("token_hash");
--> statement-breakpoint
CREATE INDEX "sign_in_tickets_expiry_idx" ON "sign_in_tickets" ("expires_at");
--> statement-breakpoint
-- WebAuthn challenges, each answered once, within five minutes.
CREATE TABLE "webauthn_challenges" (
  "id" text PRIMARY KEY NOT NULL,
  "purpose" text NOT NULL CHECK ("purpose" IN ('sign-in', 'second-step', 'enrol', 'add')),
  "user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
  "ticket_id" integer REFERENCES "sign_in_tickets"("id") ON DELETE CASCADE,
  "challenge" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expiry_idx" ON "webauthn_challenges" ("expires_at");
--> statement-breakpoint
-- When the session's user last gave the password or a second factor: changes to the sign-in
-- methods need it to be recent.
ALTER TABLE "sessions" ADD COLUMN "confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "account_changes" DROP CONSTRAINT "account_changes_kind_check";--> statement-breakpoint
ALTER TABLE "account_changes" ADD CONSTRAINT "account_changes_kind_check" CHECK ("kind" IN (
  'vendor.created', 'vendor.updated', 'vendor.suspended', 'vendor.reinstated',
  'user.invited', 'user.invitation_resent', 'user.invitation_revoked', 'user.role_changed',
  'user.deactivated', 'user.reactivated', 'user.password_reset_sent', 'user.vendors_changed',
  'user.factors_reset',
  'document_type.created', 'document_type.updated',
  'contact.created', 'contact.updated', 'contact.deleted',
  'contact_type.created', 'contact_type.updated'
));
--> statement-breakpoint
-- A single sign-on through the MLS's identity provider, from the redirect there to the portal's
-- sign-in: the PKCE verifier, state and nonce of the request, bound to the browser that started
-- it, then the user it found and the one-time code the sign-in page finishes with.
CREATE TABLE "sso_states" (
  "state" text PRIMARY KEY NOT NULL,
  "browser_hash" text NOT NULL,
  "code_verifier" text NOT NULL,
  "nonce" text NOT NULL,
  "redirect_to" text NOT NULL DEFAULT '',
  "expires_at" timestamp with time zone NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
  "second_factor_done" boolean NOT NULL DEFAULT false,
  "finish_hash" text,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_states_finish_idx" ON "sso_states" ("finish_hash") WHERE "finish_hash" IS NOT NULL;
