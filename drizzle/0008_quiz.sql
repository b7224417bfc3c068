CREATE TABLE "quiz_answer_weights" (
	"answer_id" uuid NOT NULL,
	"award_id" uuid NOT NULL,
	"weight" smallint NOT NULL,
	CONSTRAINT "quiz_answer_weights_answer_id_award_id_pk" PRIMARY KEY("answer_id","award_id"),
	CONSTRAINT "quiz_answer_weights_weight_check" CHECK ("quiz_answer_weights"."weight" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_answers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"prompt" text NOT NULL,
	"aside" text,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_questions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "quiz_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"certificate_number" text NOT NULL,
	"award_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"taker_name" text DEFAULT '' NOT NULL,
	"answer_ids" jsonb NOT NULL,
	"in_gallery" boolean DEFAULT false NOT NULL,
	"left_gallery_at" timestamp with time zone,
	"manage_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_results_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "quiz_results_certificate_number_unique" UNIQUE("certificate_number")
);
--> statement-breakpoint
ALTER TABLE "quiz_answer_weights" ADD CONSTRAINT "quiz_answer_weights_answer_id_quiz_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."quiz_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answer_weights" ADD CONSTRAINT "quiz_answer_weights_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_results" ADD CONSTRAINT "quiz_results_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_results" ADD CONSTRAINT "quiz_results_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_answer_weights_award_id_idx" ON "quiz_answer_weights" USING btree ("award_id");--> statement-breakpoint
CREATE INDEX "quiz_answers_question_id_idx" ON "quiz_answers" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "quiz_questions_position_idx" ON "quiz_questions" USING btree ("position");--> statement-breakpoint
CREATE INDEX "quiz_results_gallery_idx" ON "quiz_results" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "quiz_results"."in_gallery";--> statement-breakpoint
CREATE INDEX "quiz_results_gallery_award_idx" ON "quiz_results" USING btree ("award_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "quiz_results"."in_gallery";