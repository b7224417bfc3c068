ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "funnel_offers" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders taxed before destination tax (docs/decisions/133) had one tax, added, at the settings' rate: said as one line.
UPDATE "orders" SET "tax_lines" = jsonb_build_array(jsonb_build_object('name', 'Tax', 'rate_bps', "tax_rate_bps", 'amount', "tax_total")) WHERE "tax_total" > 0;
