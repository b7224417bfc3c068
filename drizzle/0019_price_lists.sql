CREATE TABLE "variant_prices" (
	"variant_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"price" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variant_prices_variant_id_currency_pk" PRIMARY KEY("variant_id","currency"),
	CONSTRAINT "variant_prices_price_check" CHECK ("variant_prices"."price" >= 0),
	CONSTRAINT "variant_prices_currency_check" CHECK ("variant_prices"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD CONSTRAINT "variant_prices_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;