CREATE TABLE "crm_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"consent_changed_at" timestamp with time zone,
	"consent_source" text,
	"nominations_sent" integer DEFAULT 0 NOT NULL,
	"nominations_received" integer DEFAULT 0 NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"ltv" integer DEFAULT 0 NOT NULL,
	"ltv_currency" text,
	"bug_reports" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_contacts_email_unique" UNIQUE("email"),
	CONSTRAINT "crm_contacts_email_lower_check" CHECK ("crm_contacts"."email" = lower("crm_contacts"."email"))
);
--> statement-breakpoint
CREATE TABLE "crm_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_sync_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"full_at" timestamp with time zone,
	"currency" text NOT NULL,
	CONSTRAINT "crm_sync_state_one_row" CHECK ("crm_sync_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_contact_id_crm_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."crm_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_contacts_last_activity_idx" ON "crm_contacts" USING btree ("last_activity_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "crm_contacts_ltv_idx" ON "crm_contacts" USING btree ("ltv","id");--> statement-breakpoint
CREATE INDEX "crm_contacts_orders_idx" ON "crm_contacts" USING btree ("orders_count","id");--> statement-breakpoint
CREATE INDEX "crm_contacts_tags_idx" ON "crm_contacts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "crm_notes_contact_idx" ON "crm_notes" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_lower_idx" ON "mail_outbox" USING btree (lower("to"),"created_at");--> statement-breakpoint
CREATE INDEX "nominations_nominator_email_lower_idx" ON "nominations" USING btree (lower("nominator_email"));--> statement-breakpoint
CREATE INDEX "nominations_nominee_email_lower_idx" ON "nominations" USING btree (lower("nominee_email"));--> statement-breakpoint
CREATE INDEX "nominations_updated_at_idx" ON "nominations" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_updated_at_idx" ON "orders" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "bug_reports_reporter_email_lower_idx" ON "bug_reports" USING btree (lower("reporter_email"));--> statement-breakpoint
CREATE INDEX "bug_reports_updated_at_idx" ON "bug_reports" USING btree ("updated_at");