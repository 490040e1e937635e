CREATE TABLE "autorizacoes_intercambio" (
	"id" serial PRIMARY KEY NOT NULL,
	"intercambio_id" integer NOT NULL,
	"direcao" varchar(8) NOT NULL,
	"numero_origem" varchar(20) NOT NULL,
	"senha" varchar(20),
	"cartao_id" integer,
	"beneficiario_id" integer,
	"nome" varchar(150) NOT NULL,
	"prestador_id" integer,
	"prestador_externo" varchar(150),
	"data_atendimento" date NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"descricao" varchar(150) NOT NULL,
	"quantidade" integer NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"movimento_id" integer,
	"execucao_id" integer,
	"linha" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cartoes_intercambio" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(17) NOT NULL,
	"intercambio_id" integer NOT NULL,
	"nome" varchar(150) NOT NULL,
	"data_nascimento" date,
	"validade" date,
	"situacao" varchar(10) DEFAULT 'ATIVO' NOT NULL,
	"excluido_em" date,
	"motivo_exclusao" varchar(200),
	"execucao_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "cartoes_intercambio_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
CREATE TABLE "cmis_documentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"origem" varchar(10) NOT NULL,
	"protocolo_id" integer,
	"arquivo_id" integer,
	"nome" varchar(200) NOT NULL,
	"pasta" varchar(300) NOT NULL,
	"status" varchar(10) DEFAULT 'pendente' NOT NULL,
	"motivo" varchar(1000),
	"tentativas" integer DEFAULT 0 NOT NULL,
	"objeto_id" varchar(200),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	"execucao_id" integer,
	CONSTRAINT "cmis_documentos_protocolo_id_unique" UNIQUE("protocolo_id"),
	CONSTRAINT "cmis_documentos_arquivo_id_unique" UNIQUE("arquivo_id")
);
--> statement-breakpoint
CREATE TABLE "integracoes_atendimentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"lote_id" integer NOT NULL,
	"linha" integer NOT NULL,
	"guia_origem" varchar(20),
	"tipo" varchar(24),
	"prestador_id" integer,
	"beneficiario_id" integer,
	"data_atendimento" date,
	"codigo" varchar(10),
	"dados" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'PENDENTE' NOT NULL,
	"motivo" varchar(1000),
	"autorizacao_id" integer,
	"decidido_em" timestamp with time zone,
	"decidido_por_id" integer,
	"decidido_por_nome" varchar(120),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integracoes_beneficiarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"lote_id" integer NOT NULL,
	"linha" integer NOT NULL,
	"movimento" varchar(1),
	"cpf" varchar(11),
	"nome" varchar(150),
	"data_movimento" date,
	"dados" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'PENDENTE' NOT NULL,
	"motivo" varchar(1000),
	"beneficiario_id" integer,
	"decidido_em" timestamp with time zone,
	"decidido_por_id" integer,
	"decidido_por_nome" varchar(120),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integracoes_lotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"origem" varchar(120) NOT NULL,
	"empresa_id" integer,
	"nome_arquivo" varchar(200) NOT NULL,
	"arquivo_id" integer,
	"execucao_id" integer,
	"usuario_id" integer,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"registros" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lotes_auditoria" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa" varchar(20) NOT NULL,
	"situacao" varchar(10) NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"execucao_id" integer,
	"arquivo_id" integer,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_por_id" integer,
	"enviado_por_nome" varchar(120) NOT NULL,
	"guias" integer DEFAULT 0 NOT NULL,
	"itens" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'ENVIADO' NOT NULL,
	"retorno_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lotes_auditoria_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"lote_id" integer NOT NULL,
	"autorizacao_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"guia" varchar(20) NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"quantidade_solicitada" integer NOT NULL,
	"parecer" varchar(1),
	"quantidade_parecer" integer,
	"motivo_negativa" varchar(4),
	"justificativa" varchar(500),
	"resultado" varchar(10),
	"motivo_recusa" varchar(1000),
	"retorno_execucao_id" integer,
	"respondido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "movimentos_intercambio" (
	"id" serial PRIMARY KEY NOT NULL,
	"intercambio_id" integer NOT NULL,
	"competencia" date NOT NULL,
	"recebidas" integer NOT NULL,
	"valor_receber_centavos" bigint NOT NULL,
	"enviadas" integer NOT NULL,
	"valor_pagar_centavos" bigint NOT NULL,
	"arquivo_id" integer,
	"execucao_id" integer,
	"criado_por_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "autorizacoes_intercambio" ADD CONSTRAINT "autorizacoes_intercambio_intercambio_id_intercambios_id_fk" FOREIGN KEY ("intercambio_id") REFERENCES "public"."intercambios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacoes_intercambio" ADD CONSTRAINT "autorizacoes_intercambio_cartao_id_cartoes_intercambio_id_fk" FOREIGN KEY ("cartao_id") REFERENCES "public"."cartoes_intercambio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacoes_intercambio" ADD CONSTRAINT "autorizacoes_intercambio_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacoes_intercambio" ADD CONSTRAINT "autorizacoes_intercambio_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacoes_intercambio" ADD CONSTRAINT "autorizacoes_intercambio_movimento_id_movimentos_intercambio_id_fk" FOREIGN KEY ("movimento_id") REFERENCES "public"."movimentos_intercambio"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacoes_intercambio" ADD CONSTRAINT "autorizacoes_intercambio_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartoes_intercambio" ADD CONSTRAINT "cartoes_intercambio_intercambio_id_intercambios_id_fk" FOREIGN KEY ("intercambio_id") REFERENCES "public"."intercambios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartoes_intercambio" ADD CONSTRAINT "cartoes_intercambio_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmis_documentos" ADD CONSTRAINT "cmis_documentos_protocolo_id_protocolos_documentos_id_fk" FOREIGN KEY ("protocolo_id") REFERENCES "public"."protocolos_documentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmis_documentos" ADD CONSTRAINT "cmis_documentos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmis_documentos" ADD CONSTRAINT "cmis_documentos_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_atendimentos" ADD CONSTRAINT "integracoes_atendimentos_lote_id_integracoes_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."integracoes_lotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_atendimentos" ADD CONSTRAINT "integracoes_atendimentos_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_atendimentos" ADD CONSTRAINT "integracoes_atendimentos_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_atendimentos" ADD CONSTRAINT "integracoes_atendimentos_autorizacao_id_autorizacoes_id_fk" FOREIGN KEY ("autorizacao_id") REFERENCES "public"."autorizacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_atendimentos" ADD CONSTRAINT "integracoes_atendimentos_decidido_por_id_usuarios_id_fk" FOREIGN KEY ("decidido_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_beneficiarios" ADD CONSTRAINT "integracoes_beneficiarios_lote_id_integracoes_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."integracoes_lotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_beneficiarios" ADD CONSTRAINT "integracoes_beneficiarios_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_beneficiarios" ADD CONSTRAINT "integracoes_beneficiarios_decidido_por_id_usuarios_id_fk" FOREIGN KEY ("decidido_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_lotes" ADD CONSTRAINT "integracoes_lotes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_lotes" ADD CONSTRAINT "integracoes_lotes_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_lotes" ADD CONSTRAINT "integracoes_lotes_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_lotes" ADD CONSTRAINT "integracoes_lotes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes_auditoria" ADD CONSTRAINT "lotes_auditoria_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes_auditoria" ADD CONSTRAINT "lotes_auditoria_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes_auditoria" ADD CONSTRAINT "lotes_auditoria_enviado_por_id_usuarios_id_fk" FOREIGN KEY ("enviado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes_auditoria_itens" ADD CONSTRAINT "lotes_auditoria_itens_lote_id_lotes_auditoria_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes_auditoria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes_auditoria_itens" ADD CONSTRAINT "lotes_auditoria_itens_autorizacao_id_autorizacoes_id_fk" FOREIGN KEY ("autorizacao_id") REFERENCES "public"."autorizacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes_auditoria_itens" ADD CONSTRAINT "lotes_auditoria_itens_item_id_autorizacao_itens_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."autorizacao_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes_auditoria_itens" ADD CONSTRAINT "lotes_auditoria_itens_retorno_execucao_id_execucoes_id_fk" FOREIGN KEY ("retorno_execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentos_intercambio" ADD CONSTRAINT "movimentos_intercambio_intercambio_id_intercambios_id_fk" FOREIGN KEY ("intercambio_id") REFERENCES "public"."intercambios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentos_intercambio" ADD CONSTRAINT "movimentos_intercambio_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentos_intercambio" ADD CONSTRAINT "movimentos_intercambio_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentos_intercambio" ADD CONSTRAINT "movimentos_intercambio_criado_por_id_usuarios_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autorizacoes_intercambio_origem_uq" ON "autorizacoes_intercambio" USING btree ("intercambio_id","direcao","numero_origem");--> statement-breakpoint
CREATE INDEX "autorizacoes_intercambio_data_idx" ON "autorizacoes_intercambio" USING btree ("data_atendimento","id");--> statement-breakpoint
CREATE INDEX "autorizacoes_intercambio_movimento_idx" ON "autorizacoes_intercambio" USING btree ("movimento_id");--> statement-breakpoint
CREATE INDEX "autorizacoes_intercambio_cartao_idx" ON "autorizacoes_intercambio" USING btree ("cartao_id");--> statement-breakpoint
CREATE INDEX "cartoes_intercambio_parceira_idx" ON "cartoes_intercambio" USING btree ("intercambio_id","situacao");--> statement-breakpoint
CREATE INDEX "cmis_documentos_status_idx" ON "cmis_documentos" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "integracoes_atendimentos_status_idx" ON "integracoes_atendimentos" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "integracoes_atendimentos_lote_idx" ON "integracoes_atendimentos" USING btree ("lote_id","linha");--> statement-breakpoint
CREATE UNIQUE INDEX "integracoes_atendimentos_guia_uq" ON "integracoes_atendimentos" USING btree ("prestador_id","guia_origem") WHERE "integracoes_atendimentos"."status" <> 'RECUSADO';--> statement-breakpoint
CREATE INDEX "integracoes_beneficiarios_status_idx" ON "integracoes_beneficiarios" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "integracoes_beneficiarios_lote_idx" ON "integracoes_beneficiarios" USING btree ("lote_id","linha");--> statement-breakpoint
CREATE INDEX "integracoes_beneficiarios_cpf_idx" ON "integracoes_beneficiarios" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "integracoes_lotes_tipo_idx" ON "integracoes_lotes" USING btree ("tipo","recebido_em");--> statement-breakpoint
CREATE INDEX "lotes_auditoria_enviado_idx" ON "lotes_auditoria" USING btree ("enviado_em","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lotes_auditoria_itens_uq" ON "lotes_auditoria_itens" USING btree ("lote_id","item_id");--> statement-breakpoint
CREATE INDEX "lotes_auditoria_itens_autorizacao_idx" ON "lotes_auditoria_itens" USING btree ("autorizacao_id");--> statement-breakpoint
CREATE INDEX "movimentos_intercambio_parceira_idx" ON "movimentos_intercambio" USING btree ("intercambio_id","competencia");