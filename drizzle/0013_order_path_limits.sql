CREATE TABLE "rate_limit_counters" (
	"identifier" text NOT NULL,
	"attempt_type" text NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rate_limit_counters_identifier_attempt_type_pk" PRIMARY KEY("identifier","attempt_type")
);
--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "card_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");