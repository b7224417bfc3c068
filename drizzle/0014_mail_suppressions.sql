CREATE TABLE "mail_suppressions" (
	"email" text NOT NULL,
	"list" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_suppressions_email_list_pk" PRIMARY KEY("email","list"),
	CONSTRAINT "mail_suppressions_list_check" CHECK ("mail_suppressions"."list" in ('nominations')),
	CONSTRAINT "mail_suppressions_source_check" CHECK ("mail_suppressions"."source" in ('one_click', 'page')),
	CONSTRAINT "mail_suppressions_email_lower_check" CHECK ("mail_suppressions"."email" = lower("mail_suppressions"."email"))
);
