-- On PostgreSQL, the per-minute limits and the expensive-request places hold across instances.
CREATE TABLE "rate_windows" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"minute" bigint NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "rate_windows_scope_key_minute_pk" PRIMARY KEY("scope","key","minute")
);
--> statement-breakpoint
CREATE TABLE "work_places" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "work_places_user_idx" ON "work_places" USING btree ("user_id","expires_at");
