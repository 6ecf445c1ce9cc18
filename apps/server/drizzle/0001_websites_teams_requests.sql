CREATE TABLE "website_counts" (
	"vendor_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "website_counts_vendor_id_status_pk" PRIMARY KEY("vendor_id","status")
);
--> statement-breakpoint
CREATE TABLE "website_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_team_members" (
	"website_id" integer NOT NULL,
	"member_number" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_team_members_website_id_member_number_pk" PRIMARY KEY("website_id","member_number")
);
--> statement-breakpoint
CREATE TABLE "website_teams" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"primary_member_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_counts" ADD CONSTRAINT "website_counts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_requests" ADD CONSTRAINT "website_requests_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_requests" ADD CONSTRAINT "website_requests_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_requests" ADD CONSTRAINT "website_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_team_members" ADD CONSTRAINT "website_team_members_website_id_website_teams_website_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."website_teams"("website_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_teams" ADD CONSTRAINT "website_teams_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_requests_website_idx" ON "website_requests" USING btree ("website_id","created_at");--> statement-breakpoint
CREATE INDEX "website_team_members_member_idx" ON "website_team_members" USING btree ("member_number");