CREATE TABLE "historico_precos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidade" varchar(30) NOT NULL,
	"registro_id" integer NOT NULL,
	"codigo" varchar(20) NOT NULL,
	"campo" varchar(10) NOT NULL,
	"valor_anterior_centavos" bigint,
	"valor_novo_centavos" bigint,
	"vigencia" date NOT NULL,
	"edicao" varchar(6),
	"execucao_id" integer,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prestadores" ADD COLUMN "tabela_preco" integer;--> statement-breakpoint
ALTER TABLE "prestadores" ADD COLUMN "classe_preco" integer;--> statement-breakpoint
ALTER TABLE "historico_precos" ADD CONSTRAINT "historico_precos_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "historico_precos_registro_idx" ON "historico_precos" USING btree ("entidade","registro_id","em");--> statement-breakpoint
CREATE INDEX "historico_precos_execucao_idx" ON "historico_precos" USING btree ("execucao_id");--> statement-breakpoint
ALTER TABLE "prestadores" ADD CONSTRAINT "prestadores_tabela_preco_tabelas_precos_id_fk" FOREIGN KEY ("tabela_preco") REFERENCES "public"."tabelas_precos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prestadores" ADD CONSTRAINT "prestadores_classe_preco_classes_precos_id_fk" FOREIGN KEY ("classe_preco") REFERENCES "public"."classes_precos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "prestadores_tabela_preco_idx" ON "prestadores" USING btree ("tabela_preco");--> statement-breakpoint
CREATE INDEX "prestadores_classe_preco_idx" ON "prestadores" USING btree ("classe_preco");