CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "order_payments_kind_check" CHECK ("order_payments"."kind" in ('checkout', 'offer')),
	CONSTRAINT "order_payments_amounts_check" CHECK ("order_payments"."amount" > 0 and "order_payments"."refunded_amount" >= 0 and "order_payments"."refunded_amount" <= "order_payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "funnel_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"variant_id" uuid,
	"product_id" uuid,
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"variant_name" text NOT NULL,
	"requires_shipping" boolean NOT NULL,
	"headline" text NOT NULL,
	"pitch" text NOT NULL,
	"list_price" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"tax" integer NOT NULL,
	"order_line_id" uuid,
	"provider_payment_id" text,
	"failure_message" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnel_offers_kind_check" CHECK ("funnel_offers"."kind" in ('oto1', 'downsell')),
	CONSTRAINT "funnel_offers_status_check" CHECK ("funnel_offers"."status" in ('waiting', 'offered', 'accepting', 'accepted', 'declined', 'failed', 'expired', 'skipped')),
	CONSTRAINT "funnel_offers_price_check" CHECK ("funnel_offers"."unit_price" > 0 and "funnel_offers"."tax" >= 0 and "funnel_offers"."list_price" >= "funnel_offers"."unit_price")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offers_close_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "funnel_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "charged_from" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_offers" ADD CONSTRAINT "funnel_offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_offers" ADD CONSTRAINT "funnel_offers_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_offers" ADD CONSTRAINT "funnel_offers_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_offers_order_kind_idx" ON "funnel_offers" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "funnel_offers_status_idx" ON "funnel_offers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "orders_funnel_open_idx" ON "orders" USING btree ("offers_close_at") WHERE "orders"."channel" = 'funnel' and "orders"."funnel_closed_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_check" CHECK ("orders"."channel" in ('shop', 'funnel'));--> statement-breakpoint
-- Orders paid before this migration: their one payment, with what was refunded of it.
INSERT INTO "order_payments" ("order_id", "kind", "provider_payment_id", "amount", "refunded_amount", "created_at")
SELECT "id", 'checkout', "provider_payment_id", "total", LEAST("refunded_total", "total"), COALESCE("paid_at", "created_at")
FROM "orders"
WHERE "provider_payment_id" IS NOT NULL AND "paid_at" IS NOT NULL AND "total" > 0
ON CONFLICT ("provider_payment_id") DO NOTHING;
