ALTER TABLE "security_events" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "coalesce_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "security_events_coalesce_key_idx" ON "security_events" USING btree ("coalesce_key");--> statement-breakpoint
-- Rows from before coalescing were each one event, seen when they were created.
UPDATE "security_events" SET "last_seen_at" = "created_at";--> statement-breakpoint
-- Names go into mails and pages: the same cleaning as src/contract/text.ts normaliseLine (one line,
-- no invisible or direction-changing characters) for names stored before it applied to accounts.
UPDATE "users" SET "name" = COALESCE(
  NULLIF(btrim(regexp_replace(regexp_replace(regexp_replace("name", '\s+', ' ', 'g'), '[\x01-\x1F\x7F-\x9F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]', '', 'g'), ' {2,}', ' ', 'g')), ''),
  "email"
) WHERE "name" ~ '[\x01-\x1F\x7F-\x9F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]';
