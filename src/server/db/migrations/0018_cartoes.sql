CREATE TABLE "cartoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"beneficiario_id" integer NOT NULL,
	"carteirinha" varchar(16) NOT NULL,
	"via" integer NOT NULL,
	"motivo" varchar(20) NOT NULL,
	"emissao" date NOT NULL,
	"validade" date NOT NULL,
	"situacao" varchar(12) DEFAULT 'ATIVO' NOT NULL,
	"execucao_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cartoes" ADD CONSTRAINT "cartoes_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartoes" ADD CONSTRAINT "cartoes_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cartoes_beneficiario_via_uq" ON "cartoes" USING btree ("beneficiario_id","via");--> statement-breakpoint
CREATE INDEX "cartoes_ativo_idx" ON "cartoes" USING btree ("beneficiario_id") WHERE "cartoes"."situacao" = 'ATIVO';--> statement-breakpoint
CREATE INDEX "cartoes_execucao_idx" ON "cartoes" USING btree ("execucao_id");