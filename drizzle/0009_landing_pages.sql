CREATE TABLE "landing_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"meta_description" text NOT NULL,
	"hero_heading" text NOT NULL,
	"hero_subheading" text DEFAULT '' NOT NULL,
	"hero_image_url" text,
	"hero_image_alt" text DEFAULT '' NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cta_label" text NOT NULL,
	"cta_kind" text NOT NULL,
	"cta_award_id" uuid,
	"cta_product_id" uuid,
	"og_image_url" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_pages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "landing_pages_status_check" CHECK ("landing_pages"."status" in ('draft', 'published')),
	CONSTRAINT "landing_pages_cta_kind_check" CHECK ("landing_pages"."cta_kind" in ('award_nominate', 'award_store', 'product')),
	CONSTRAINT "landing_pages_published_at_check" CHECK (("landing_pages"."status" = 'published') = ("landing_pages"."published_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_cta_award_id_awards_id_fk" FOREIGN KEY ("cta_award_id") REFERENCES "public"."awards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_cta_product_id_products_id_fk" FOREIGN KEY ("cta_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landing_pages_status_idx" ON "landing_pages" USING btree ("status","updated_at");