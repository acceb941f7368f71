DROP TABLE "audio_questions" CASCADE;--> statement-breakpoint
DROP TABLE "fun_n_learn_questions" CASCADE;--> statement-breakpoint
DROP TABLE "guess_the_word" CASCADE;--> statement-breakpoint
DROP TABLE "maths_questions" CASCADE;--> statement-breakpoint
DROP TABLE "multi_match_questions" CASCADE;--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_answer_letter";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_type_known";--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "option_a" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "option_b" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fun_n_learn" ADD COLUMN "content_key" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "audio" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "fun_n_learn_id" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_fun_n_learn_id_fun_n_learn_id_fk" FOREIGN KEY ("fun_n_learn_id") REFERENCES "public"."fun_n_learn"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fun_n_learn_language_key" ON "fun_n_learn" USING btree ("language_id","content_key");--> statement-breakpoint
CREATE INDEX "questions_fun_n_learn" ON "questions" USING btree ("fun_n_learn_id") WHERE "questions"."fun_n_learn_id" is not null;--> statement-breakpoint
ALTER TABLE "fun_n_learn" ADD CONSTRAINT "fun_n_learn_content_type_known" CHECK ("fun_n_learn"."content_type" in ('text','video','pdf'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_options_of_type" CHECK ("questions"."question_type" = 'word' or ("questions"."option_a" is not null and "questions"."option_b" is not null));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_answer_of_type" CHECK (case "questions"."question_type"
        when 'word' then length(btrim("questions"."answer")) between 1 and 60
        when 'multiselect' then "questions"."answer" ~ '^[a-e](,[a-e]){1,4}$'
        when 'sequence' then "questions"."answer" ~ '^[a-e](,[a-e]){1,4}$'
        else "questions"."answer" in ('a','b','c','d','e') end);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_type_known" CHECK ("questions"."question_type" in ('multiple','boolean','word','multiselect','sequence'));