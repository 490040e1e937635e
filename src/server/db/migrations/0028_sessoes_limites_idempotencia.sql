CREATE TABLE "autorizacao_idempotencia" (
	"usuario_id" integer NOT NULL,
	"chave" varchar(100) NOT NULL,
	"autorizacao_id" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autorizacao_idempotencia_usuario_id_chave_pk" PRIMARY KEY("usuario_id","chave")
);
--> statement-breakpoint
-- the old rows (one per failure, by login and address) have no key: the counters start empty
DELETE FROM "falhas_login";--> statement-breakpoint
DROP INDEX "falhas_login_login_idx";--> statement-breakpoint
DROP INDEX "falhas_login_ip_idx";--> statement-breakpoint
ALTER TABLE "falhas_login" ALTER COLUMN "em" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "falhas_login" ADD COLUMN "chave" varchar(200) NOT NULL;--> statement-breakpoint
ALTER TABLE "falhas_login" ADD COLUMN "tentativas" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "cliente" varchar(20);--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "ultimo_uso_em" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "autorizacao_idempotencia" ADD CONSTRAINT "autorizacao_idempotencia_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacao_idempotencia" ADD CONSTRAINT "autorizacao_idempotencia_autorizacao_id_autorizacoes_id_fk" FOREIGN KEY ("autorizacao_id") REFERENCES "public"."autorizacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessoes_usuario_ip_idx" ON "sessoes" USING btree ("usuario_id","ip");--> statement-breakpoint
ALTER TABLE "falhas_login" DROP COLUMN "login";--> statement-breakpoint
ALTER TABLE "falhas_login" DROP COLUMN "ip";--> statement-breakpoint
ALTER TABLE "falhas_login" ADD CONSTRAINT "falhas_login_chave_unique" UNIQUE("chave");