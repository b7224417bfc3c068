CREATE TABLE "award_product_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"award_id" uuid NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"base_template_id" text,
	"generated_template_id" text,
	"mockup_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fulfilment_events" (
	"key" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_shop_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"order_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"shipping" text NOT NULL,
	"recipient" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"files_ready_at" timestamp with time zone,
	"carrier" text,
	"tracking_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_shop_orders_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "print_shop_orders_status_check" CHECK ("print_shop_orders"."status" in ('pending', 'inprocess', 'fulfilled'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fulfilment_ref" text;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "fulfilment_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_provider" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "award_product_templates" ADD CONSTRAINT "award_product_templates_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_events" ADD CONSTRAINT "fulfilment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "award_product_templates_award_idx" ON "award_product_templates" USING btree ("award_id","created_at");--> statement-breakpoint
CREATE INDEX "award_product_templates_created_idx" ON "award_product_templates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "fulfilment_events_order_idx" ON "fulfilment_events" USING btree ("order_id","received_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_fulfilment_idx" ON "orders" USING btree ("fulfilment_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_dedupe_key_unique" UNIQUE("dedupe_key");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('queued', 'sending', 'sent', 'failed', 'logged'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_status_check" CHECK ("orders"."fulfilment_status" in ('none', 'pending', 'submitted', 'problem'));--> statement-breakpoint
-- Checked at commit, not at each statement: the product sync deletes every product and variant and writes them
-- again with the same ids in one transaction, and the award mappings must survive that (docs/decisions/083).
ALTER TABLE "award_product_templates" ADD CONSTRAINT "award_product_templates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "award_product_templates" ADD CONSTRAINT "award_product_templates_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;
