CREATE TABLE "awards_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"award_id" uuid NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "keywords" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "awards_audit" ADD CONSTRAINT "awards_audit_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "awards_audit_award_changed_idx" ON "awards_audit" USING btree ("award_id","changed_at");--> statement-breakpoint
CREATE INDEX "awards_audit_changed_idx" ON "awards_audit" USING btree ("changed_at");--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The seeded categories' keywords (src/server/db/seed/catalog-data.ts) for databases seeded before the column existed;
-- a category an admin has given keywords keeps them.
UPDATE "categories" SET "keywords" = '{office,work,meeting,email,reply,memo,desk,stapler,sticky,fax,printer,spreadsheet,colleague,agenda,boss,inbox}'::text[] WHERE "slug" = 'office-work-life' AND "keywords" = '{}'::text[];
--> statement-breakpoint
UPDATE "categories" SET "keywords" = '{kitchen,cook,coffee,tea,biscuit,recipe,oven,toast,smoke,lid,container,microwave,bake,dinner,lunch,breakfast,snack,fridge,dish}'::text[] WHERE "slug" = 'kitchen-cooking' AND "keywords" = '{}'::text[];
--> statement-breakpoint
UPDATE "categories" SET "keywords" = '{tech,phone,battery,charger,password,tab,caps,mute,laptop,wifi,computer,screen,keyboard,app,device,gadget}'::text[] WHERE "slug" = 'tech-devices' AND "keywords" = '{}'::text[];
--> statement-breakpoint
UPDATE "categories" SET "keywords" = '{home,house,sock,laundry,chair,clothes,remote,light,key,sofa,couch,cushion,clean,dust,vacuum,bin}'::text[] WHERE "slug" = 'home-household' AND "keywords" = '{}'::text[];
--> statement-breakpoint
UPDATE "categories" SET "keywords" = '{friend,party,birthday,group,photo,goodbye,chat,game,board,invite}'::text[] WHERE "slug" = 'social-friendship' AND "keywords" = '{}'::text[];
--> statement-breakpoint
UPDATE "categories" SET "keywords" = '{fitness,gym,run,shoe,dumbbell,yoga,mat,workout,exercise,sport,marathon,bike,hike}'::text[] WHERE "slug" = 'fitness-ish' AND "keywords" = '{}'::text[];
--> statement-breakpoint
UPDATE "categories" SET "keywords" = '{travel,commut,bus,train,airport,pack,suitcase,drive,car,flight,trip,holiday,turn}'::text[] WHERE "slug" = 'travel-commuting' AND "keywords" = '{}'::text[];
--> statement-breakpoint
UPDATE "categories" SET "keywords" = '{sleep,nap,snooze,alarm,procrastinat,tomorrow,later,bed,episode,binge}'::text[] WHERE "slug" = 'sleep-procrastination' AND "keywords" = '{}'::text[];
--> statement-breakpoint
UPDATE "categories" SET "keywords" = '{pet,dog,cat,plant,garden,water,fish,cactus,fetch}'::text[] WHERE "slug" = 'pets-plants' AND "keywords" = '{}'::text[];
