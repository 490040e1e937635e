CREATE TABLE "solicitacao_verba_historico" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitacao_id" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(120) NOT NULL,
	"acao" varchar(12) NOT NULL,
	"de" varchar(10),
	"para" varchar(10) NOT NULL,
	"nota" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "solicitacao_verba_itens" (
	"solicitacao_id" integer NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"quantidade" integer NOT NULL,
	"valor_centavos" bigint NOT NULL,
	CONSTRAINT "solicitacao_verba_itens_solicitacao_id_tipo_pk" PRIMARY KEY("solicitacao_id","tipo")
);
--> statement-breakpoint
CREATE TABLE "solicitacoes_verba" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(11) NOT NULL,
	"empresa_id" integer NOT NULL,
	"competencia" varchar(7) NOT NULL,
	"data_solicitacao" date NOT NULL,
	"vencimento" date NOT NULL,
	"valor_solicitado_centavos" bigint NOT NULL,
	"observacao" varchar(1000),
	"status" varchar(10) DEFAULT 'ABERTA' NOT NULL,
	"valor_recebido_centavos" bigint,
	"data_recebimento" date,
	"motivo" varchar(1000),
	"criado_por_id" integer,
	"criado_por" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "solicitacoes_verba_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
ALTER TABLE "solicitacao_verba_historico" ADD CONSTRAINT "solicitacao_verba_historico_solicitacao_id_solicitacoes_verba_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacoes_verba"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacao_verba_itens" ADD CONSTRAINT "solicitacao_verba_itens_solicitacao_id_solicitacoes_verba_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacoes_verba"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_verba" ADD CONSTRAINT "solicitacoes_verba_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_verba" ADD CONSTRAINT "solicitacoes_verba_criado_por_id_usuarios_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solicitacao_verba_historico_idx" ON "solicitacao_verba_historico" USING btree ("solicitacao_id","em");--> statement-breakpoint
CREATE INDEX "solicitacoes_verba_competencia_idx" ON "solicitacoes_verba" USING btree ("competencia","empresa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "solicitacoes_verba_viva_uq" ON "solicitacoes_verba" USING btree ("empresa_id","competencia") WHERE "solicitacoes_verba"."status" <> 'CANCELADA';