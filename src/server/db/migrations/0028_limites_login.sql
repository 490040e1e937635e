-- the old rows (one per failure, by login and address) have no key: the counters start empty
DELETE FROM "falhas_login";--> statement-breakpoint
ALTER TABLE "falhas_login" ADD COLUMN "chave" varchar(200) NOT NULL;--> statement-breakpoint
ALTER TABLE "falhas_login" ADD COLUMN "tentativas" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "falhas_login" ADD CONSTRAINT "falhas_login_chave_unique" UNIQUE("chave");