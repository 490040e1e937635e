CREATE TABLE "manifestacao_anexos" (
	"manifestacao_id" integer NOT NULL,
	"arquivo_id" integer NOT NULL,
	CONSTRAINT "manifestacao_anexos_manifestacao_id_arquivo_id_pk" PRIMARY KEY("manifestacao_id","arquivo_id")
);
--> statement-breakpoint
CREATE TABLE "manifestacao_historico" (
	"id" serial PRIMARY KEY NOT NULL,
	"manifestacao_id" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(120) NOT NULL,
	"acao" varchar(12) NOT NULL,
	"de" varchar(16),
	"para" varchar(16) NOT NULL,
	"area" varchar(12),
	"interna" boolean DEFAULT false NOT NULL,
	"nota" varchar(4000)
);
--> statement-breakpoint
CREATE TABLE "manifestacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocolo" varchar(20) NOT NULL,
	"status" varchar(16) DEFAULT 'REGISTRADA' NOT NULL,
	"beneficiario_id" integer NOT NULL,
	"beneficiario_nome" varchar(150) NOT NULL,
	"beneficiario_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("beneficiario_nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"tipo" varchar(12) NOT NULL,
	"assunto" varchar(12) NOT NULL,
	"descricao" varchar(4000) NOT NULL,
	"canal" varchar(12) NOT NULL,
	"contato" varchar(12) NOT NULL,
	"contato_valor" varchar(150),
	"protocolo_primeira_instancia" varchar(20),
	"atendimento_id" integer,
	"autorizacao_id" integer,
	"prazo" date NOT NULL,
	"justificativa_prorrogacao" varchar(1000),
	"area" varchar(12),
	"resposta" varchar(4000),
	"respondida_em" timestamp with time zone,
	"satisfacao" integer,
	"registrada_por_id" integer,
	"registrada_por" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "manifestacoes_protocolo_unique" UNIQUE("protocolo")
);
--> statement-breakpoint
ALTER TABLE "manifestacao_anexos" ADD CONSTRAINT "manifestacao_anexos_manifestacao_id_manifestacoes_id_fk" FOREIGN KEY ("manifestacao_id") REFERENCES "public"."manifestacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifestacao_anexos" ADD CONSTRAINT "manifestacao_anexos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifestacao_historico" ADD CONSTRAINT "manifestacao_historico_manifestacao_id_manifestacoes_id_fk" FOREIGN KEY ("manifestacao_id") REFERENCES "public"."manifestacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifestacoes" ADD CONSTRAINT "manifestacoes_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifestacoes" ADD CONSTRAINT "manifestacoes_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifestacoes" ADD CONSTRAINT "manifestacoes_autorizacao_id_autorizacoes_id_fk" FOREIGN KEY ("autorizacao_id") REFERENCES "public"."autorizacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifestacoes" ADD CONSTRAINT "manifestacoes_registrada_por_id_usuarios_id_fk" FOREIGN KEY ("registrada_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manifestacao_anexos_arquivo_idx" ON "manifestacao_anexos" USING btree ("arquivo_id");--> statement-breakpoint
CREATE INDEX "manifestacao_historico_idx" ON "manifestacao_historico" USING btree ("manifestacao_id","em");--> statement-breakpoint
CREATE INDEX "manifestacoes_prazo_idx" ON "manifestacoes" USING btree ("prazo","id");--> statement-breakpoint
CREATE INDEX "manifestacoes_criado_idx" ON "manifestacoes" USING btree ("criado_em","id");--> statement-breakpoint
CREATE INDEX "manifestacoes_beneficiario_idx" ON "manifestacoes" USING btree ("beneficiario_id");--> statement-breakpoint
CREATE INDEX "manifestacoes_busca_idx" ON "manifestacoes" USING btree ("beneficiario_busca");--> statement-breakpoint
ALTER TABLE "avisos" ALTER COLUMN "mensagem" SET DATA TYPE varchar(4000);--> statement-breakpoint
ALTER TABLE "avisos" ALTER COLUMN "tipo" SET DATA TYPE varchar(7);--> statement-breakpoint
ALTER TABLE "avisos" ALTER COLUMN "tipo" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "avisos" ALTER COLUMN "perfil" SET DATA TYPE varchar(23);--> statement-breakpoint
ALTER TABLE "avisos" ADD COLUMN "titulo_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("titulo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED;--> statement-breakpoint
-- written by hand: the notices already there get a priority and an audience (their role, when they had one)
ALTER TABLE "avisos" ADD COLUMN "prioridade" varchar(6) DEFAULT 'NORMAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "avisos" ALTER COLUMN "prioridade" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "avisos" ADD COLUMN "publico" varchar(7) DEFAULT 'TODOS' NOT NULL;--> statement-breakpoint
ALTER TABLE "avisos" ALTER COLUMN "publico" DROP DEFAULT;--> statement-breakpoint
UPDATE "avisos" SET "publico" = 'PERFIL' WHERE "perfil" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "avisos" ADD COLUMN "cliente" varchar(11);--> statement-breakpoint
ALTER TABLE "avisos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "avisos_titulo_idx" ON "avisos" USING btree ("titulo_busca");--> statement-breakpoint
CREATE INDEX "avisos_inicio_idx" ON "avisos" USING btree ("inicio");