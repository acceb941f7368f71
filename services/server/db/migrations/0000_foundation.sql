CREATE TABLE "audio_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"language_id" integer NOT NULL,
	"audio_type" text NOT NULL,
	"audio" text NOT NULL,
	"question_type" text DEFAULT 'multiple' NOT NULL,
	"question" text NOT NULL,
	"option_a" text NOT NULL,
	"option_b" text NOT NULL,
	"option_c" text,
	"option_d" text,
	"option_e" text,
	"answer" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"language_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"is_premium" boolean DEFAULT false NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"row_order" integer DEFAULT 0 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'admin' NOT NULL,
	CONSTRAINT "categories_coins_nonnegative" CHECK ("categories"."coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "content_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"inserted" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"rejected" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"rank_to" integer NOT NULL,
	"coins" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"question_type" text DEFAULT 'multiple' NOT NULL,
	"question" text NOT NULL,
	"image" text,
	"option_a" text NOT NULL,
	"option_b" text NOT NULL,
	"option_c" text,
	"option_d" text,
	"option_e" text,
	"answer" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" serial PRIMARY KEY NOT NULL,
	"language_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"entry_fee" integer DEFAULT 0 NOT NULL,
	"prizes_paid_at" timestamp with time zone,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"language_id" integer NOT NULL,
	"day" date NOT NULL,
	"question_ids" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_module_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_module_id" integer NOT NULL,
	"marks" integer DEFAULT 1 NOT NULL,
	"question_type" text DEFAULT 'multiple' NOT NULL,
	"question" text NOT NULL,
	"image" text,
	"option_a" text NOT NULL,
	"option_b" text NOT NULL,
	"option_c" text,
	"option_d" text,
	"option_e" text,
	"answer" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"language_id" integer NOT NULL,
	"title" text NOT NULL,
	"exam_date" date NOT NULL,
	"exam_key" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"answer_again" boolean DEFAULT false NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fun_n_learn" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"language_id" integer NOT NULL,
	"title" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"content_type" text DEFAULT 'text' NOT NULL,
	"content_data" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fun_n_learn_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"fun_n_learn_id" integer NOT NULL,
	"question_type" text NOT NULL,
	"question" text NOT NULL,
	"option_a" text NOT NULL,
	"option_b" text NOT NULL,
	"option_c" text,
	"option_d" text,
	"option_e" text,
	"answer" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guess_the_word" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"language_id" integer NOT NULL,
	"question" text NOT NULL,
	"image" text,
	"answer" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"code" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "languages_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "maths_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"language_id" integer NOT NULL,
	"question_type" text DEFAULT 'multiple' NOT NULL,
	"question" text NOT NULL,
	"image" text,
	"option_a" text NOT NULL,
	"option_b" text NOT NULL,
	"option_c" text,
	"option_d" text,
	"option_e" text,
	"answer" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "multi_match_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"language_id" integer NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"answer_type" text NOT NULL,
	"question" text NOT NULL,
	"image" text,
	"option_a" text NOT NULL,
	"option_b" text NOT NULL,
	"option_c" text,
	"option_d" text,
	"option_e" text,
	"answer" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"language_id" integer NOT NULL,
	"question_type" text NOT NULL,
	"question" text NOT NULL,
	"option_a" text NOT NULL,
	"option_b" text NOT NULL,
	"option_c" text,
	"option_d" text,
	"option_e" text,
	"answer" text NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"image" text,
	"note" text DEFAULT '' NOT NULL,
	"content_key" text,
	"content_hash" text NOT NULL,
	"source" text DEFAULT 'admin' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_answer_letter" CHECK ("questions"."answer" in ('a','b','c','d','e')),
	CONSTRAINT "questions_type_known" CHECK ("questions"."question_type" in ('multiple','boolean'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"is_premium" boolean DEFAULT false NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"row_order" integer DEFAULT 0 NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_languages" (
	"name" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"rtl" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"strings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"firebase_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"mobile" text,
	"type" text DEFAULT 'email' NOT NULL,
	"profile" text,
	"fcm_id" text,
	"refer_code" text,
	"friends_code" text,
	"web_language" text,
	"status" boolean DEFAULT true NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_firebase_id_unique" UNIQUE("firebase_id"),
	CONSTRAINT "users_refer_code_unique" UNIQUE("refer_code")
);
--> statement-breakpoint
ALTER TABLE "audio_questions" ADD CONSTRAINT "audio_questions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_questions" ADD CONSTRAINT "audio_questions_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_questions" ADD CONSTRAINT "audio_questions_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_prizes" ADD CONSTRAINT "contest_prizes_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_questions" ADD CONSTRAINT "contest_questions_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_quizzes" ADD CONSTRAINT "daily_quizzes_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_module_questions" ADD CONSTRAINT "exam_module_questions_exam_module_id_exam_modules_id_fk" FOREIGN KEY ("exam_module_id") REFERENCES "public"."exam_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_modules" ADD CONSTRAINT "exam_modules_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fun_n_learn" ADD CONSTRAINT "fun_n_learn_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fun_n_learn" ADD CONSTRAINT "fun_n_learn_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fun_n_learn" ADD CONSTRAINT "fun_n_learn_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fun_n_learn_questions" ADD CONSTRAINT "fun_n_learn_questions_fun_n_learn_id_fun_n_learn_id_fk" FOREIGN KEY ("fun_n_learn_id") REFERENCES "public"."fun_n_learn"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_the_word" ADD CONSTRAINT "guess_the_word_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_the_word" ADD CONSTRAINT "guess_the_word_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_the_word" ADD CONSTRAINT "guess_the_word_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maths_questions" ADD CONSTRAINT "maths_questions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maths_questions" ADD CONSTRAINT "maths_questions_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maths_questions" ADD CONSTRAINT "maths_questions_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multi_match_questions" ADD CONSTRAINT "multi_match_questions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multi_match_questions" ADD CONSTRAINT "multi_match_questions_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multi_match_questions" ADD CONSTRAINT "multi_match_questions_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_language_type_slug" ON "categories" USING btree ("language_id","type","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_prizes_rank" ON "contest_prizes" USING btree ("contest_id","rank_to");--> statement-breakpoint
CREATE INDEX "contest_questions_parent" ON "contest_questions" USING btree ("contest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_quizzes_language_day" ON "daily_quizzes" USING btree ("language_id","day");--> statement-breakpoint
CREATE INDEX "exam_module_questions_parent" ON "exam_module_questions" USING btree ("exam_module_id");--> statement-breakpoint
CREATE INDEX "fun_n_learn_questions_parent" ON "fun_n_learn_questions" USING btree ("fun_n_learn_id");--> statement-breakpoint
CREATE INDEX "multi_match_level_lookup" ON "multi_match_questions" USING btree ("category_id","subcategory_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_type_language" ON "pages" USING btree ("type","language");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_language_key" ON "questions" USING btree ("language_id","content_key");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_language_hash" ON "questions" USING btree ("language_id","content_hash");--> statement-breakpoint
CREATE INDEX "questions_level_lookup" ON "questions" USING btree ("category_id","subcategory_id","level");--> statement-breakpoint
CREATE INDEX "questions_type" ON "questions" USING btree ("language_id","question_type");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subcategories_category_slug" ON "subcategories" USING btree ("category_id","slug");--> statement-breakpoint
CREATE INDEX "users_email" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_mobile" ON "users" USING btree ("mobile");