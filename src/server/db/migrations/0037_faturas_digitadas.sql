CREATE TABLE "faturas_digitadas" (
	"id" serial PRIMARY KEY NOT NULL,
	"prestador_id" integer NOT NULL,
	"autorizacao_id" integer,
	"tipo_guia" varchar(20) NOT NULL,
	"numero_guia_prestador" varchar(20) NOT NULL,
	"numero_guia_operadora" varchar(20),
	"senha" varchar(20),
	"data_autorizacao" date,
	"beneficiario_id" integer NOT NULL,
	"numero_carteira" varchar(20) NOT NULL,
	"data_atendimento" date NOT NULL,
	"carater" varchar(1) DEFAULT '1' NOT NULL,
	"conselho" varchar(2) NOT NULL,
	"numero_conselho" varchar(15) NOT NULL,
	"uf_conselho" varchar(2) NOT NULL,
	"cbo" varchar(6) NOT NULL,
	"nome_profissional" varchar(70),
	"observacao" varchar(500),
	"valor_informado_centavos" bigint NOT NULL,
	"status" varchar(12) DEFAULT 'ABERTA' NOT NULL,
	"protocolo_id" integer,
	"guia_faturada_id" integer,
	"criado_por_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faturas_digitadas_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"fatura_id" integer NOT NULL,
	"sequencial" integer NOT NULL,
	"data" date NOT NULL,
	"codigo_tabela" varchar(2) DEFAULT '22' NOT NULL,
	"codigo_procedimento" varchar(10) NOT NULL,
	"procedimento_id" integer NOT NULL,
	"descricao" varchar(150),
	"quantidade" integer NOT NULL,
	"valor_unitario_centavos" bigint NOT NULL,
	"valor_total_centavos" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "fornecedores_email_idx";--> statement-breakpoint
DROP INDEX "medicamentos_apresentacao_idx";--> statement-breakpoint
DROP INDEX "operadoras_site_idx";--> statement-breakpoint
ALTER TABLE "protocolos_recebimento" ADD COLUMN "origem" varchar(6) DEFAULT 'XML' NOT NULL;--> statement-breakpoint
ALTER TABLE "protocolos_recebimento" ADD COLUMN "analise_encerrada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "protocolos_recebimento" ADD COLUMN "glosa_fechada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "protocolos_recebimento" ADD COLUMN "glosa_fechada_por_id" integer;--> statement-breakpoint
ALTER TABLE "faturas_digitadas" ADD CONSTRAINT "faturas_digitadas_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas_digitadas" ADD CONSTRAINT "faturas_digitadas_autorizacao_id_autorizacoes_id_fk" FOREIGN KEY ("autorizacao_id") REFERENCES "public"."autorizacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas_digitadas" ADD CONSTRAINT "faturas_digitadas_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas_digitadas" ADD CONSTRAINT "faturas_digitadas_protocolo_id_protocolos_recebimento_id_fk" FOREIGN KEY ("protocolo_id") REFERENCES "public"."protocolos_recebimento"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas_digitadas" ADD CONSTRAINT "faturas_digitadas_guia_faturada_id_guias_faturadas_id_fk" FOREIGN KEY ("guia_faturada_id") REFERENCES "public"."guias_faturadas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas_digitadas" ADD CONSTRAINT "faturas_digitadas_criado_por_id_usuarios_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas_digitadas_itens" ADD CONSTRAINT "faturas_digitadas_itens_fatura_id_faturas_digitadas_id_fk" FOREIGN KEY ("fatura_id") REFERENCES "public"."faturas_digitadas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas_digitadas_itens" ADD CONSTRAINT "faturas_digitadas_itens_procedimento_id_procedimentos_id_fk" FOREIGN KEY ("procedimento_id") REFERENCES "public"."procedimentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faturas_digitadas_prestador_idx" ON "faturas_digitadas" USING btree ("prestador_id","status","criado_em","id");--> statement-breakpoint
CREATE INDEX "faturas_digitadas_criado_idx" ON "faturas_digitadas" USING btree ("criado_em","id");--> statement-breakpoint
CREATE INDEX "faturas_digitadas_autorizacao_idx" ON "faturas_digitadas" USING btree ("autorizacao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "faturas_digitadas_guia_uq" ON "faturas_digitadas" USING btree ("prestador_id","numero_guia_prestador") WHERE "faturas_digitadas"."status" <> 'CANCELADA';--> statement-breakpoint
CREATE INDEX "faturas_digitadas_itens_fatura_idx" ON "faturas_digitadas_itens" USING btree ("fatura_id","sequencial");--> statement-breakpoint
ALTER TABLE "protocolos_recebimento" ADD CONSTRAINT "protocolos_recebimento_glosa_fechada_por_id_usuarios_id_fk" FOREIGN KEY ("glosa_fechada_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guias_faturadas_senha_idx" ON "guias_faturadas" USING btree ("senha") WHERE "guias_faturadas"."senha" is not null;--> statement-breakpoint
ALTER TABLE "fornecedores" DROP COLUMN "email_busca";--> statement-breakpoint
ALTER TABLE "medicamentos" DROP COLUMN "apresentacao_busca";--> statement-breakpoint
ALTER TABLE "operadoras" DROP COLUMN "site_busca";--> statement-breakpoint
-- protocols reviewed before this migration: their review was closed when they last changed
UPDATE "protocolos_recebimento" SET "analise_encerrada_em" = coalesce("atualizado_em", "recebido_em") WHERE "status" NOT IN ('1', '2');
