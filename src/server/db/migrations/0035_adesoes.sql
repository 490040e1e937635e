CREATE TABLE "solicitacao_adesao_anexos" (
	"solicitacao_id" integer NOT NULL,
	"arquivo_id" integer NOT NULL,
	CONSTRAINT "solicitacao_adesao_anexos_solicitacao_id_arquivo_id_pk" PRIMARY KEY("solicitacao_id","arquivo_id")
);
--> statement-breakpoint
CREATE TABLE "solicitacao_adesao_historico" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitacao_id" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(120) NOT NULL,
	"acao" varchar(12) NOT NULL,
	"de" varchar(12),
	"para" varchar(12) NOT NULL,
	"nota" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "solicitacoes_adesao" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocolo" varchar(20) NOT NULL,
	"status" varchar(12) DEFAULT 'SOLICITADA' NOT NULL,
	"titular_id" integer NOT NULL,
	"titular_nome" varchar(150) NOT NULL,
	"titular_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("titular_nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"nome" varchar(150) NOT NULL,
	"nome_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"cpf" varchar(11) NOT NULL,
	"cns" varchar(15),
	"data_nascimento" date NOT NULL,
	"sexo" varchar(1) NOT NULL,
	"relacao_dependencia" varchar(2) NOT NULL,
	"nome_mae" varchar(150) NOT NULL,
	"observacao" varchar(1000),
	"motivo" varchar(1000),
	"dependente_id" integer,
	"cartao_id" integer,
	"solicitada_por_id" integer,
	"solicitada_por" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "solicitacoes_adesao_protocolo_unique" UNIQUE("protocolo")
);
--> statement-breakpoint
ALTER TABLE "solicitacao_adesao_anexos" ADD CONSTRAINT "solicitacao_adesao_anexos_solicitacao_id_solicitacoes_adesao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacoes_adesao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacao_adesao_anexos" ADD CONSTRAINT "solicitacao_adesao_anexos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacao_adesao_historico" ADD CONSTRAINT "solicitacao_adesao_historico_solicitacao_id_solicitacoes_adesao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacoes_adesao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_adesao" ADD CONSTRAINT "solicitacoes_adesao_titular_id_beneficiarios_id_fk" FOREIGN KEY ("titular_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_adesao" ADD CONSTRAINT "solicitacoes_adesao_dependente_id_beneficiarios_id_fk" FOREIGN KEY ("dependente_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_adesao" ADD CONSTRAINT "solicitacoes_adesao_cartao_id_cartoes_id_fk" FOREIGN KEY ("cartao_id") REFERENCES "public"."cartoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_adesao" ADD CONSTRAINT "solicitacoes_adesao_solicitada_por_id_usuarios_id_fk" FOREIGN KEY ("solicitada_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solicitacao_adesao_anexos_arquivo_idx" ON "solicitacao_adesao_anexos" USING btree ("arquivo_id");--> statement-breakpoint
CREATE INDEX "solicitacao_adesao_historico_idx" ON "solicitacao_adesao_historico" USING btree ("solicitacao_id","em");--> statement-breakpoint
CREATE INDEX "solicitacoes_adesao_criado_idx" ON "solicitacoes_adesao" USING btree ("criado_em","id");--> statement-breakpoint
CREATE INDEX "solicitacoes_adesao_titular_idx" ON "solicitacoes_adesao" USING btree ("titular_id");--> statement-breakpoint
CREATE INDEX "solicitacoes_adesao_cpf_idx" ON "solicitacoes_adesao" USING btree ("cpf");--> statement-breakpoint
-- the default beneficiary profile asks for a dependent's membership (its folder /principal it already opens)
INSERT INTO "perfil_permissoes" ("perfil_id", "permissao") SELECT "id", 'solicitacaoadesao:list' FROM "perfis" WHERE "nome" = 'Beneficiário' ON CONFLICT DO NOTHING;
