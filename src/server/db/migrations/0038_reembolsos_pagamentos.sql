CREATE TABLE "pagamento_numeracao" (
	"serie" varchar(4) NOT NULL,
	"ano" integer NOT NULL,
	"ultimo" integer NOT NULL,
	CONSTRAINT "pagamento_numeracao_serie_ano_pk" PRIMARY KEY("serie","ano")
);
--> statement-breakpoint
CREATE TABLE "pagamentos_prestadores" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(12) NOT NULL,
	"prestador_id" integer NOT NULL,
	"competencia" varchar(7) NOT NULL,
	"qtd_protocolos" integer NOT NULL,
	"valor_bruto_centavos" bigint NOT NULL,
	"valor_retencoes_centavos" bigint NOT NULL,
	"valor_liquido_centavos" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'A_PAGAR' NOT NULL,
	"consolidado_por_id" integer,
	"consolidado_por" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "pagamentos_prestadores_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
CREATE TABLE "reembolso_anexos" (
	"reembolso_id" integer NOT NULL,
	"arquivo_id" integer NOT NULL,
	CONSTRAINT "reembolso_anexos_reembolso_id_arquivo_id_pk" PRIMARY KEY("reembolso_id","arquivo_id")
);
--> statement-breakpoint
CREATE TABLE "reembolso_historico" (
	"id" serial PRIMARY KEY NOT NULL,
	"reembolso_id" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(120) NOT NULL,
	"acao" varchar(12) NOT NULL,
	"de" varchar(12),
	"para" varchar(12) NOT NULL,
	"nota" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "reembolsos" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocolo" varchar(20) NOT NULL,
	"status" varchar(12) DEFAULT 'SOLICITADO' NOT NULL,
	"beneficiario_id" integer NOT NULL,
	"beneficiario_nome" varchar(150) NOT NULL,
	"beneficiario_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("beneficiario_nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"profissional_nome" varchar(150) NOT NULL,
	"profissional_conselho" varchar(10) NOT NULL,
	"profissional_numero" varchar(15) NOT NULL,
	"profissional_uf" varchar(2) NOT NULL,
	"profissional_documento" varchar(14) NOT NULL,
	"procedimento_id" integer NOT NULL,
	"quantidade" integer DEFAULT 1 NOT NULL,
	"data_atendimento" date NOT NULL,
	"valor_pago_centavos" bigint NOT NULL,
	"observacao" varchar(1000),
	"produto_id" integer,
	"valor_tabela_centavos" bigint,
	"valor_liberado_centavos" bigint,
	"glosa_codigo" varchar(4),
	"motivo" varchar(1000),
	"calculo" jsonb,
	"rede_prestador_id" integer,
	"solicitado_por_id" integer,
	"solicitado_por" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "reembolsos_protocolo_unique" UNIQUE("protocolo")
);
--> statement-breakpoint
CREATE TABLE "rpa_protocolos" (
	"rpa_id" integer NOT NULL,
	"protocolo_id" integer NOT NULL,
	"valor_liberado_centavos" bigint NOT NULL,
	CONSTRAINT "rpa_protocolos_rpa_id_protocolo_id_pk" PRIMARY KEY("rpa_id","protocolo_id"),
	CONSTRAINT "rpa_protocolos_protocolo_id_unique" UNIQUE("protocolo_id")
);
--> statement-breakpoint
CREATE TABLE "rpas" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(12) NOT NULL,
	"prestador_id" integer NOT NULL,
	"data_emissao" date NOT NULL,
	"competencia" varchar(7) NOT NULL,
	"periodo_inicio" date,
	"periodo_fim" date,
	"valor_bruto_centavos" bigint NOT NULL,
	"base_inss_centavos" bigint NOT NULL,
	"inss_centavos" bigint NOT NULL,
	"base_irrf_centavos" bigint NOT NULL,
	"irrf_centavos" bigint NOT NULL,
	"iss_centavos" bigint NOT NULL,
	"valor_liquido_centavos" bigint NOT NULL,
	"calculo" jsonb NOT NULL,
	"status_pagamento" varchar(4) DEFAULT 'CONF' NOT NULL,
	"situacao_por_id" integer,
	"situacao_por" varchar(120),
	"situacao_em" timestamp with time zone,
	"justificativa" varchar(500),
	"emitido_por_id" integer,
	"emitido_por" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rpas_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
CREATE TABLE "solicitacao_pagamento_protocolos" (
	"solicitacao_id" integer NOT NULL,
	"protocolo_id" integer NOT NULL,
	"valor_liberado_centavos" bigint NOT NULL,
	CONSTRAINT "solicitacao_pagamento_protocolos_solicitacao_id_protocolo_id_pk" PRIMARY KEY("solicitacao_id","protocolo_id"),
	CONSTRAINT "solicitacao_pagamento_protocolos_protocolo_id_unique" UNIQUE("protocolo_id")
);
--> statement-breakpoint
CREATE TABLE "solicitacoes_pagamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(12) NOT NULL,
	"prestador_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'SOLICITADA' NOT NULL,
	"qtd_protocolos" integer NOT NULL,
	"valor_total_centavos" bigint NOT NULL,
	"pagamento_id" integer,
	"solicitado_por_id" integer,
	"solicitado_por" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "solicitacoes_pagamento_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "livre_escolha" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "tabela_reembolso" integer;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "multiplo_reembolso" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "pagamentos_prestadores" ADD CONSTRAINT "pagamentos_prestadores_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos_prestadores" ADD CONSTRAINT "pagamentos_prestadores_consolidado_por_id_usuarios_id_fk" FOREIGN KEY ("consolidado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso_anexos" ADD CONSTRAINT "reembolso_anexos_reembolso_id_reembolsos_id_fk" FOREIGN KEY ("reembolso_id") REFERENCES "public"."reembolsos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso_anexos" ADD CONSTRAINT "reembolso_anexos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso_historico" ADD CONSTRAINT "reembolso_historico_reembolso_id_reembolsos_id_fk" FOREIGN KEY ("reembolso_id") REFERENCES "public"."reembolsos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_procedimento_id_procedimentos_id_fk" FOREIGN KEY ("procedimento_id") REFERENCES "public"."procedimentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_rede_prestador_id_prestadores_id_fk" FOREIGN KEY ("rede_prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_solicitado_por_id_usuarios_id_fk" FOREIGN KEY ("solicitado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rpa_protocolos" ADD CONSTRAINT "rpa_protocolos_rpa_id_rpas_id_fk" FOREIGN KEY ("rpa_id") REFERENCES "public"."rpas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rpa_protocolos" ADD CONSTRAINT "rpa_protocolos_protocolo_id_protocolos_recebimento_id_fk" FOREIGN KEY ("protocolo_id") REFERENCES "public"."protocolos_recebimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rpas" ADD CONSTRAINT "rpas_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rpas" ADD CONSTRAINT "rpas_situacao_por_id_usuarios_id_fk" FOREIGN KEY ("situacao_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rpas" ADD CONSTRAINT "rpas_emitido_por_id_usuarios_id_fk" FOREIGN KEY ("emitido_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacao_pagamento_protocolos" ADD CONSTRAINT "solicitacao_pagamento_protocolos_solicitacao_id_solicitacoes_pagamento_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacoes_pagamento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacao_pagamento_protocolos" ADD CONSTRAINT "solicitacao_pagamento_protocolos_protocolo_id_protocolos_recebimento_id_fk" FOREIGN KEY ("protocolo_id") REFERENCES "public"."protocolos_recebimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_pagamento" ADD CONSTRAINT "solicitacoes_pagamento_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_pagamento" ADD CONSTRAINT "solicitacoes_pagamento_pagamento_id_pagamentos_prestadores_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."pagamentos_prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_pagamento" ADD CONSTRAINT "solicitacoes_pagamento_solicitado_por_id_usuarios_id_fk" FOREIGN KEY ("solicitado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagamentos_prestadores_prestador_idx" ON "pagamentos_prestadores" USING btree ("prestador_id","competencia");--> statement-breakpoint
CREATE INDEX "pagamentos_prestadores_status_idx" ON "pagamentos_prestadores" USING btree ("status","competencia");--> statement-breakpoint
CREATE UNIQUE INDEX "reembolso_anexos_arquivo_uq" ON "reembolso_anexos" USING btree ("arquivo_id");--> statement-breakpoint
CREATE INDEX "reembolso_historico_idx" ON "reembolso_historico" USING btree ("reembolso_id","em");--> statement-breakpoint
CREATE INDEX "reembolsos_criado_idx" ON "reembolsos" USING btree ("criado_em","id");--> statement-breakpoint
CREATE INDEX "reembolsos_beneficiario_idx" ON "reembolsos" USING btree ("beneficiario_id","criado_em");--> statement-breakpoint
CREATE INDEX "reembolsos_status_idx" ON "reembolsos" USING btree ("status","criado_em","id");--> statement-breakpoint
CREATE INDEX "rpas_prestador_idx" ON "rpas" USING btree ("prestador_id","competencia");--> statement-breakpoint
CREATE INDEX "rpas_criado_idx" ON "rpas" USING btree ("criado_em","id");--> statement-breakpoint
CREATE INDEX "solicitacoes_pagamento_prestador_idx" ON "solicitacoes_pagamento" USING btree ("prestador_id","criado_em");--> statement-breakpoint
CREATE INDEX "solicitacoes_pagamento_status_idx" ON "solicitacoes_pagamento" USING btree ("status","criado_em");--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_tabela_reembolso_tabelas_precos_id_fk" FOREIGN KEY ("tabela_reembolso") REFERENCES "public"."tabelas_precos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "produtos_tabela_reembolso_idx" ON "produtos" USING btree ("tabela_reembolso");