CREATE TABLE "atendimento_historico" (
	"id" serial PRIMARY KEY NOT NULL,
	"atendimento_id" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(120) NOT NULL,
	"acao" varchar(12) NOT NULL,
	"de" varchar(12),
	"para" varchar(12) NOT NULL,
	"resultado" varchar(20),
	"nota" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "atendimento_numeracao" (
	"dia" date PRIMARY KEY NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "atendimentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocolo" varchar(20) NOT NULL,
	"status" varchar(12) DEFAULT 'EM_ANDAMENTO' NOT NULL,
	"pessoa_tipo" varchar(12) NOT NULL,
	"beneficiario_id" integer,
	"prestador_id" integer,
	"pessoa_nome" varchar(150) NOT NULL,
	"pessoa_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("pessoa_nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"canal" varchar(12) NOT NULL,
	"motivo" varchar(12) NOT NULL,
	"descricao" varchar(2000) NOT NULL,
	"autorizacao_id" integer,
	"protocolo_documento_id" integer,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone,
	"resultado" varchar(20),
	"justificativa" varchar(1000),
	"atendente_id" integer,
	"atendente_nome" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "atendimentos_protocolo_unique" UNIQUE("protocolo")
);
--> statement-breakpoint
ALTER TABLE "atendimento_historico" ADD CONSTRAINT "atendimento_historico_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_autorizacao_id_autorizacoes_id_fk" FOREIGN KEY ("autorizacao_id") REFERENCES "public"."autorizacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_protocolo_documento_id_protocolos_documentos_id_fk" FOREIGN KEY ("protocolo_documento_id") REFERENCES "public"."protocolos_documentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_atendente_id_usuarios_id_fk" FOREIGN KEY ("atendente_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "atendimento_historico_atendimento_idx" ON "atendimento_historico" USING btree ("atendimento_id","em");--> statement-breakpoint
CREATE INDEX "atendimentos_inicio_idx" ON "atendimentos" USING btree ("inicio","id");--> statement-breakpoint
CREATE INDEX "atendimentos_status_idx" ON "atendimentos" USING btree ("status","inicio","id");--> statement-breakpoint
CREATE INDEX "atendimentos_pessoa_idx" ON "atendimentos" USING btree ("pessoa_busca");--> statement-breakpoint
CREATE INDEX "atendimentos_beneficiario_idx" ON "atendimentos" USING btree ("beneficiario_id") WHERE "atendimentos"."beneficiario_id" is not null;--> statement-breakpoint
CREATE INDEX "atendimentos_prestador_idx" ON "atendimentos" USING btree ("prestador_id") WHERE "atendimentos"."prestador_id" is not null;