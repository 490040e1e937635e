CREATE TABLE "autorizacao_anexos" (
	"id" serial PRIMARY KEY NOT NULL,
	"autorizacao_id" integer NOT NULL,
	"nome" varchar(150) NOT NULL,
	"tipo_documento" varchar(2) DEFAULT '03' NOT NULL,
	"tag" varchar(60) NOT NULL,
	"tamanho" integer DEFAULT 0 NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autorizacao_historico" (
	"id" serial PRIMARY KEY NOT NULL,
	"autorizacao_id" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(120) NOT NULL,
	"acao" varchar(24) NOT NULL,
	"de" integer,
	"para" integer NOT NULL,
	"motivo" varchar(1000),
	"responsavel" varchar(150),
	"detalhes" jsonb
);
--> statement-breakpoint
CREATE TABLE "autorizacao_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"autorizacao_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"tabela" varchar(2) DEFAULT '22' NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"descricao" varchar(150) NOT NULL,
	"quantidade_solicitada" integer NOT NULL,
	"quantidade_autorizada" integer,
	"dente" varchar(2),
	"face" varchar(5),
	"motivo_negativa" varchar(4),
	"valor_centavos" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autorizacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(20) NOT NULL,
	"tipo" varchar(24) NOT NULL,
	"status" integer DEFAULT 2 NOT NULL,
	"beneficiario_id" integer NOT NULL,
	"prestador_id" integer NOT NULL,
	"prestador_executante_id" integer,
	"profissional_id" integer,
	"conselho" varchar(2) DEFAULT '06' NOT NULL,
	"numero_conselho" varchar(15) NOT NULL,
	"uf_conselho" varchar(2) NOT NULL,
	"nome_profissional" varchar(150),
	"cbo" varchar(6),
	"data_solicitacao" date NOT NULL,
	"carater" varchar(1) DEFAULT '1' NOT NULL,
	"indicacao_clinica" varchar(500),
	"cid" varchar(4),
	"referencia_id" integer,
	"observacao" varchar(500),
	"procedimento" varchar(170) DEFAULT '' NOT NULL,
	"valor_centavos" integer DEFAULT 0 NOT NULL,
	"senha" varchar(20),
	"data_autorizacao" date,
	"validade_senha" date,
	"motivo" varchar(1000),
	"responsavel" varchar(150),
	"criada_por_id" integer,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"decidida_em" timestamp with time zone,
	"decidida_por_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "autorizacoes_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
ALTER TABLE "autorizacao_anexos" ADD CONSTRAINT "autorizacao_anexos_autorizacao_id_autorizacoes_id_fk" FOREIGN KEY ("autorizacao_id") REFERENCES "public"."autorizacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacao_historico" ADD CONSTRAINT "autorizacao_historico_autorizacao_id_autorizacoes_id_fk" FOREIGN KEY ("autorizacao_id") REFERENCES "public"."autorizacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacao_itens" ADD CONSTRAINT "autorizacao_itens_autorizacao_id_autorizacoes_id_fk" FOREIGN KEY ("autorizacao_id") REFERENCES "public"."autorizacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacoes" ADD CONSTRAINT "autorizacoes_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacoes" ADD CONSTRAINT "autorizacoes_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacoes" ADD CONSTRAINT "autorizacoes_prestador_executante_id_prestadores_id_fk" FOREIGN KEY ("prestador_executante_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacoes" ADD CONSTRAINT "autorizacoes_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autorizacao_anexos_autorizacao_idx" ON "autorizacao_anexos" USING btree ("autorizacao_id");--> statement-breakpoint
CREATE INDEX "autorizacao_historico_autorizacao_idx" ON "autorizacao_historico" USING btree ("autorizacao_id","em");--> statement-breakpoint
CREATE INDEX "autorizacao_itens_autorizacao_idx" ON "autorizacao_itens" USING btree ("autorizacao_id","seq");--> statement-breakpoint
CREATE INDEX "autorizacoes_fila_idx" ON "autorizacoes" USING btree ("status","data_solicitacao","id");--> statement-breakpoint
CREATE INDEX "autorizacoes_beneficiario_idx" ON "autorizacoes" USING btree ("beneficiario_id","data_solicitacao");--> statement-breakpoint
CREATE INDEX "autorizacoes_prestador_idx" ON "autorizacoes" USING btree ("prestador_id","data_solicitacao");--> statement-breakpoint
CREATE INDEX "autorizacoes_data_idx" ON "autorizacoes" USING btree ("data_solicitacao","id");