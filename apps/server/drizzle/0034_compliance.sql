-- Compliance watch. A product's display rules are a rule set; a change is a new version, and each
-- check records the version it was judged against. A check keeps what it read (addresses, status,
-- timing, a hash of each page) and each rule's decision with its evidence; checks are pruned after a
-- while, findings never. A finding is a rule a site fails (or could not be judged on three times in
-- a row), open until a check passes it or MLS staff waive it; at most one is open per site and rule.
CREATE TABLE "compliance_rule_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"grace_days" integer DEFAULT 7 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);--> statement-breakpoint
ALTER TABLE "compliance_rule_sets" ADD CONSTRAINT "compliance_rule_sets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_rule_sets" ADD CONSTRAINT "compliance_rule_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_rule_sets_product_version_idx" ON "compliance_rule_sets" ("product_id", "version");--> statement-breakpoint
CREATE TABLE "compliance_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"decision" text NOT NULL,
	"rule_set_ids" integer[] NOT NULL,
	"pages" jsonb NOT NULL,
	"results" jsonb NOT NULL
);--> statement-breakpoint
ALTER TABLE "compliance_checks" ADD CONSTRAINT "compliance_checks_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_checks" ADD CONSTRAINT "compliance_checks_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_checks_website_idx" ON "compliance_checks" ("website_id", "started_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "compliance_checks_started_idx" ON "compliance_checks" ("started_at");--> statement-breakpoint
CREATE TABLE "compliance_findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"rule_id" text NOT NULL,
	"rule_kind" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"reason" text NOT NULL,
	"evidence" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date NOT NULL,
	"opened_check_id" integer,
	"closed_at" timestamp with time zone,
	"closed_check_id" integer,
	"closed_by" integer,
	"close_reason" text
);--> statement-breakpoint
ALTER TABLE "compliance_findings" ADD CONSTRAINT "compliance_findings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_findings" ADD CONSTRAINT "compliance_findings_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_findings" ADD CONSTRAINT "compliance_findings_opened_check_id_fk" FOREIGN KEY ("opened_check_id") REFERENCES "public"."compliance_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_findings" ADD CONSTRAINT "compliance_findings_closed_check_id_fk" FOREIGN KEY ("closed_check_id") REFERENCES "public"."compliance_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_findings" ADD CONSTRAINT "compliance_findings_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_findings_open_idx" ON "compliance_findings" ("website_id", "product_id", "rule_id") WHERE "state" = 'open';--> statement-breakpoint
CREATE INDEX "compliance_findings_vendor_idx" ON "compliance_findings" ("vendor_id", "state", "due_on");--> statement-breakpoint
CREATE INDEX "compliance_findings_due_idx" ON "compliance_findings" ("state", "due_on");
