CREATE TABLE "guias_faturadas" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocolo_id" integer NOT NULL,
	"ordem" integer NOT NULL,
	"numero_guia_prestador" varchar(20) NOT NULL,
	"numero_guia_operadora" varchar(20),
	"senha" varchar(20),
	"data_autorizacao" date,
	"numero_carteira" varchar(20) NOT NULL,
	"beneficiario_id" integer,
	"data_atendimento" date NOT NULL,
	"valor_informado_centavos" bigint NOT NULL,
	"valor_liberado_centavos" bigint,
	"valor_glosa_centavos" bigint DEFAULT 0 NOT NULL,
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "itens_faturados" (
	"id" serial PRIMARY KEY NOT NULL,
	"guia_id" integer NOT NULL,
	"sequencial" integer NOT NULL,
	"data" date NOT NULL,
	"codigo_tabela" varchar(2) NOT NULL,
	"codigo_procedimento" varchar(10) NOT NULL,
	"procedimento_id" integer NOT NULL,
	"descricao" varchar(150),
	"quantidade" integer NOT NULL,
	"valor_unitario_centavos" bigint NOT NULL,
	"valor_informado_centavos" bigint NOT NULL,
	"valor_liberado_centavos" bigint,
	"valor_glosa_centavos" bigint DEFAULT 0 NOT NULL,
	"glosa_proposta" varchar(4),
	"glosa_codigo" varchar(4),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocolo_recebimento_numeracao" (
	"ano" integer PRIMARY KEY NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocolos_recebimento" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(12) NOT NULL,
	"prestador_id" integer NOT NULL,
	"numero_lote" varchar(12) NOT NULL,
	"padrao" varchar(8) NOT NULL,
	"tipo_guia" varchar(20) NOT NULL,
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"qtd_guias" integer NOT NULL,
	"valor_informado_centavos" bigint NOT NULL,
	"hash" varchar(32),
	"hash_charset" varchar(10),
	"arquivo_id" integer,
	"execucao_id" integer,
	"usuario_id" integer,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "protocolos_recebimento_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
ALTER TABLE "guias_faturadas" ADD CONSTRAINT "guias_faturadas_protocolo_id_protocolos_recebimento_id_fk" FOREIGN KEY ("protocolo_id") REFERENCES "public"."protocolos_recebimento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guias_faturadas" ADD CONSTRAINT "guias_faturadas_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_faturados" ADD CONSTRAINT "itens_faturados_guia_id_guias_faturadas_id_fk" FOREIGN KEY ("guia_id") REFERENCES "public"."guias_faturadas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_faturados" ADD CONSTRAINT "itens_faturados_procedimento_id_procedimentos_id_fk" FOREIGN KEY ("procedimento_id") REFERENCES "public"."procedimentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocolos_recebimento" ADD CONSTRAINT "protocolos_recebimento_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocolos_recebimento" ADD CONSTRAINT "protocolos_recebimento_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocolos_recebimento" ADD CONSTRAINT "protocolos_recebimento_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocolos_recebimento" ADD CONSTRAINT "protocolos_recebimento_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guias_faturadas_protocolo_idx" ON "guias_faturadas" USING btree ("protocolo_id","ordem");--> statement-breakpoint
CREATE INDEX "guias_faturadas_numero_idx" ON "guias_faturadas" USING btree ("numero_guia_prestador");--> statement-breakpoint
CREATE INDEX "guias_faturadas_beneficiario_idx" ON "guias_faturadas" USING btree ("beneficiario_id","data_atendimento");--> statement-breakpoint
CREATE INDEX "itens_faturados_guia_idx" ON "itens_faturados" USING btree ("guia_id","sequencial");--> statement-breakpoint
CREATE INDEX "itens_faturados_procedimento_idx" ON "itens_faturados" USING btree ("procedimento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "protocolos_recebimento_lote_uq" ON "protocolos_recebimento" USING btree ("prestador_id","numero_lote");--> statement-breakpoint
CREATE INDEX "protocolos_recebimento_recebido_idx" ON "protocolos_recebimento" USING btree ("recebido_em","id");--> statement-breakpoint
CREATE INDEX "protocolos_recebimento_prestador_idx" ON "protocolos_recebimento" USING btree ("prestador_id","recebido_em","id");--> statement-breakpoint
CREATE INDEX "protocolos_recebimento_status_idx" ON "protocolos_recebimento" USING btree ("status","recebido_em","id");