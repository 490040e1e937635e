CREATE TABLE "remessas_cobranca" (
	"id" serial PRIMARY KEY NOT NULL,
	"banco" varchar(3) NOT NULL,
	"sequencia" integer NOT NULL,
	"quantidade" integer NOT NULL,
	"total_centavos" bigint NOT NULL,
	"execucao_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "titulos" (
	"id" serial PRIMARY KEY NOT NULL,
	"titular_id" integer NOT NULL,
	"competencia" date NOT NULL,
	"nosso_numero" varchar(20) NOT NULL,
	"banco" varchar(3) NOT NULL,
	"agencia" varchar(6) NOT NULL,
	"conta" varchar(15) NOT NULL,
	"carteira" varchar(3) NOT NULL,
	"convenio" varchar(10) NOT NULL,
	"emissao" date NOT NULL,
	"vencimento" date NOT NULL,
	"mensalidade_centavos" bigint NOT NULL,
	"subsidio_centavos" bigint NOT NULL,
	"coparticipacao_centavos" bigint NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'ABERTO' NOT NULL,
	"remessa_id" integer,
	"estorno_motivo" varchar(500),
	"estornado_em" timestamp with time zone,
	"estornado_por" varchar(120),
	"execucao_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "titulos_nosso_numero_unique" UNIQUE("nosso_numero")
);
--> statement-breakpoint
CREATE TABLE "titulos_membros" (
	"titulo_id" integer NOT NULL,
	"beneficiario_id" integer NOT NULL,
	"mensalidade_centavos" bigint NOT NULL,
	"subsidio_centavos" bigint NOT NULL,
	"coparticipacao_centavos" bigint NOT NULL,
	"valor_centavos" bigint NOT NULL,
	CONSTRAINT "titulos_membros_titulo_id_beneficiario_id_pk" PRIMARY KEY("titulo_id","beneficiario_id")
);
--> statement-breakpoint
CREATE TABLE "titulos_pagamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"titulo_id" integer NOT NULL,
	"data_pagamento" date NOT NULL,
	"data_credito" date,
	"valor_pago_centavos" bigint NOT NULL,
	"juros_centavos" bigint DEFAULT 0 NOT NULL,
	"tarifa_centavos" bigint DEFAULT 0 NOT NULL,
	"origem" varchar(10) NOT NULL,
	"arquivo" varchar(200),
	"linha" integer,
	"estornado_em" timestamp with time zone,
	"estorno_motivo" varchar(500),
	"estornado_por" varchar(120),
	"execucao_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remessas_cobranca" ADD CONSTRAINT "remessas_cobranca_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos" ADD CONSTRAINT "titulos_titular_id_beneficiarios_id_fk" FOREIGN KEY ("titular_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos" ADD CONSTRAINT "titulos_remessa_id_remessas_cobranca_id_fk" FOREIGN KEY ("remessa_id") REFERENCES "public"."remessas_cobranca"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos" ADD CONSTRAINT "titulos_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos_membros" ADD CONSTRAINT "titulos_membros_titulo_id_titulos_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."titulos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos_membros" ADD CONSTRAINT "titulos_membros_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos_pagamentos" ADD CONSTRAINT "titulos_pagamentos_titulo_id_titulos_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."titulos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos_pagamentos" ADD CONSTRAINT "titulos_pagamentos_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remessas_cobranca_seq_uq" ON "remessas_cobranca" USING btree ("banco","sequencia");--> statement-breakpoint
CREATE UNIQUE INDEX "titulos_vivo_uq" ON "titulos" USING btree ("titular_id","competencia") WHERE "titulos"."status" in ('ABERTO', 'PAGO');--> statement-breakpoint
CREATE INDEX "titulos_competencia_idx" ON "titulos" USING btree ("competencia","id");--> statement-breakpoint
CREATE INDEX "titulos_titular_idx" ON "titulos" USING btree ("titular_id","competencia");--> statement-breakpoint
CREATE INDEX "titulos_vencimento_idx" ON "titulos" USING btree ("status","vencimento");--> statement-breakpoint
CREATE INDEX "titulos_membros_beneficiario_idx" ON "titulos_membros" USING btree ("beneficiario_id");--> statement-breakpoint
CREATE INDEX "titulos_pagamentos_titulo_idx" ON "titulos_pagamentos" USING btree ("titulo_id");--> statement-breakpoint
CREATE INDEX "titulos_pagamentos_data_idx" ON "titulos_pagamentos" USING btree ("data_pagamento");--> statement-breakpoint
CREATE UNIQUE INDEX "titulos_pagamentos_ativo_uq" ON "titulos_pagamentos" USING btree ("titulo_id") WHERE "titulos_pagamentos"."estornado_em" is null;