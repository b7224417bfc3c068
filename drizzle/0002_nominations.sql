CREATE TABLE "nominations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" text NOT NULL,
	"certificate_number" text NOT NULL,
	"award_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"nominee_name" text NOT NULL,
	"nominee_email" text,
	"reason" text DEFAULT '' NOT NULL,
	"nominator_name" text DEFAULT '' NOT NULL,
	"nominator_email" text,
	"nominator_user_id" uuid,
	"is_public" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_by_user_id" uuid,
	"claimed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_reason" text,
	"hidden_at" timestamp with time zone,
	"reaction_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nominations_share_id_unique" UNIQUE("share_id"),
	CONSTRAINT "nominations_certificate_number_unique" UNIQUE("certificate_number"),
	CONSTRAINT "nominations_status_check" CHECK ("nominations"."status" in ('pending', 'claimed', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "claim_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nomination_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nomination_id" uuid NOT NULL,
	"voter" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reactions_nomination_voter_unique" UNIQUE("nomination_id","voter"),
	CONSTRAINT "reactions_kind_check" CHECK ("reactions"."kind" in ('applause', 'laugh', 'salute'))
);
--> statement-breakpoint
ALTER TABLE "nominations" ADD CONSTRAINT "nominations_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nominations" ADD CONSTRAINT "nominations_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nominations" ADD CONSTRAINT "nominations_nominator_user_id_users_id_fk" FOREIGN KEY ("nominator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nominations" ADD CONSTRAINT "nominations_claimed_by_user_id_users_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_tokens" ADD CONSTRAINT "claim_tokens_nomination_id_nominations_id_fk" FOREIGN KEY ("nomination_id") REFERENCES "public"."nominations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_nomination_id_nominations_id_fk" FOREIGN KEY ("nomination_id") REFERENCES "public"."nominations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nominations_community_newest_idx" ON "nominations" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "nominations"."is_public" and not "nominations"."hidden" and "nominations"."status" <> 'declined';--> statement-breakpoint
CREATE INDEX "nominations_community_liked_idx" ON "nominations" USING btree ("reaction_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "nominations"."is_public" and not "nominations"."hidden" and "nominations"."status" <> 'declined';--> statement-breakpoint
CREATE INDEX "nominations_award_id_idx" ON "nominations" USING btree ("award_id");--> statement-breakpoint
CREATE INDEX "nominations_created_at_idx" ON "nominations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "nominations_nominator_user_id_idx" ON "nominations" USING btree ("nominator_user_id");--> statement-breakpoint
CREATE INDEX "nominations_claimed_by_user_id_idx" ON "nominations" USING btree ("claimed_by_user_id");--> statement-breakpoint
CREATE INDEX "claim_tokens_nomination_id_idx" ON "claim_tokens" USING btree ("nomination_id");--> statement-breakpoint
CREATE INDEX "reactions_voter_idx" ON "reactions" USING btree ("voter");